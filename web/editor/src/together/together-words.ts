// The words of making a book together (issue 50), in the shopper's language like the rest of the editor (i18n.ts).
import { english } from '../i18n';

const RU = {
  invite: 'Пригласить', inviteTitle: 'Пригласить в книгу', role: 'Роль', viewer: 'Смотрит', contributor: 'Добавляет фото',
  editor: 'Редактор', owner: 'Владелец', createLink: 'Создать ссылку', link: 'Ссылка-приглашение', copy: 'Копировать',
  copied: 'Скопировано', members: 'Участники', removeMember: 'Убрать', roleOf: 'Роль участника', you: 'вы',
  comments: 'Комментарии', addComment: 'Добавить комментарий', commentText: 'Текст комментария', send: 'Отправить',
  reply: 'Ответить', replyText: 'Текст ответа', resolve: 'Решено', resolved: 'решено', commentOn: 'Комментарий',
  noComments: 'Комментариев пока нет.', onFrame: 'к рамке', onPage: 'к странице', heldBy: 'Рамку сейчас меняет',
  viewerBanner: 'Вы смотрите книгу: менять её могут владелец и редакторы. Комментировать можно.',
  invitationInvalid: 'Приглашение недействительно: оно истекло, отозвано или уже использовано. Попросите новое.',
  guest: 'Гость', here: 'на этом развороте',
};

type Words = typeof RU;

const EN: Words = {
  invite: 'Invite', inviteTitle: 'Invite to the book', role: 'Role', viewer: 'Viewer', contributor: 'Contributor',
  editor: 'Editor', owner: 'Owner', createLink: 'Create link', link: 'Invitation link', copy: 'Copy', copied: 'Copied',
  members: 'Members', removeMember: 'Remove', roleOf: "Member's role", you: 'you', comments: 'Comments',
  addComment: 'Add comment', commentText: 'Comment text', send: 'Send', reply: 'Reply', replyText: 'Reply text',
  resolve: 'Resolve', resolved: 'resolved', commentOn: 'Comment', noComments: 'No comments yet.', onFrame: 'on a frame',
  onPage: 'on the page', heldBy: 'This frame is being changed by',
  viewerBanner: 'You are viewing this book: its owner and editors change it. You can comment.',
  invitationInvalid: 'This invitation is no longer valid: it expired, was revoked or used up. Ask for a new one.',
  guest: 'Guest', here: 'on this spread',
};

export const togetherWords: Words = english ? EN : RU;
