// Escaping for the service's few HTML pages: every value that is not a literal of the page goes through it.
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
