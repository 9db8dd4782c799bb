// The words shoppers see: Russian (the shop's language) unless the browser prefers English. The accessible names of
// the main controls are part of the editor's contract (screen readers and tests find them by these names).
const RU = {
  upload: 'Загрузить фото', undo: 'Отменить', redo: 'Повторить', addSpread: 'Добавить разворот',
  removeSpread: 'Удалить разворот', autofill: 'Автозаполнение', order: 'Заказать', page: 'Страница', cover: 'Обложка',
  photos: 'Фото книги', pages: 'Страницы', photoLabel: 'Фото', processing: 'обрабатывается', ready: 'готово',
  failed: 'не обработано', placed: 'в книге', offline: 'Нет связи: правки сохранятся, когда связь вернётся',
  saving: 'Сохранение…', saved: 'Сохранено', zoom: 'Масштаб', rotate: 'Повернуть', mirror: 'Отразить',
  clear: 'Очистить', text: 'Текст', font: 'Шрифт', size: 'Размер', color: 'Цвет', align: 'Выравнивание',
  left: 'По левому краю', center: 'По центру', right: 'По правому краю', price: 'Цена', scheme: 'Схема страницы',
  background: 'Фон страницы', noBackground: 'Без фона', preflight: 'Проверка книги', check: 'Проверить',
  noProblems: 'Ошибок нет: книгу можно заказать', overflow: 'Текст не помещается', dpi: 'точек на дюйм',
  lowQuality: 'Низкое качество', cannotPrint: 'Нельзя напечатать', dropHere: 'Отпустите файлы, чтобы загрузить',
  frozen: 'Книга заказана: её можно смотреть, но не менять.', noAccess: 'Эту книгу нельзя открыть: она не ваша или её нет.',
  backToShop: 'Вернуться в магазин', login: 'Войти', noBook: 'Откройте книгу из магазина или выберите свою:',
  autofillReport: 'Автозаполнение', placedCount: 'Размещено фото', leftOut: 'Не вошли', close: 'Закрыть',
  duplicate: 'похожее фото уже есть', burst: 'из серии снимков взят лучший', blurred: 'есть более резкий кадр',
  eyes_closed: 'закрыты глаза', no_slot: 'не хватило места', not_ready: 'ещё обрабатывается',
  ordered: 'Книга в корзине', cart: 'Корзина', total: 'Итого', emptyFrame: 'Перетащите сюда фото',
  emptyText: 'Нажмите, чтобы ввести текст', loading: 'Загрузка книги…', selectFrame: 'Выберите рамку или текст на странице',
  moveLeft: 'Сдвинуть разворот влево', moveRight: 'Сдвинуть разворот вправо', spread: 'Разворот', refused: 'Не сохранено',
  fileType: 'не фото: загрузите JPEG, PNG, WebP или HEIC', fileTooLarge: 'файл слишком большой', photoFrame: 'Рамка для фото', tokenLogin: 'Войти по токену', token: 'Токен', textFrame: 'Текстовый блок', uploadFailed: 'не загружено',
};

type Words = typeof RU;

const EN: Words = {
  upload: 'Upload photos', undo: 'Undo', redo: 'Redo', addSpread: 'Add spread', removeSpread: 'Remove spread',
  autofill: 'Autofill', order: 'Order', page: 'Page', cover: 'Cover', photos: "The book's photos", pages: 'Pages',
  photoLabel: 'Photo', processing: 'processing', ready: 'ready', failed: 'failed', placed: 'in the book',
  offline: 'Offline: your edits will be saved when the connection returns', saving: 'Saving…', saved: 'Saved',
  zoom: 'Zoom', rotate: 'Rotate', mirror: 'Mirror', clear: 'Clear', text: 'Text', font: 'Font', size: 'Size',
  color: 'Colour', align: 'Alignment', left: 'Align left', center: 'Centre', right: 'Align right', price: 'Price',
  scheme: 'Page scheme', background: 'Page background', noBackground: 'No background', preflight: 'Book check',
  check: 'Check', noProblems: 'No errors: the book can be ordered', overflow: 'The text does not fit', dpi: 'dpi',
  lowQuality: 'Low quality', cannotPrint: 'Cannot print', dropHere: 'Drop files to upload',
  frozen: 'This book has been ordered: you can look at it but not change it.',
  noAccess: 'This book cannot be opened: it is not yours or it does not exist.', backToShop: 'Back to the shop',
  login: 'Log in', noBook: 'Open a book from the shop, or pick one of yours:', autofillReport: 'Autofill',
  placedCount: 'Photos placed', leftOut: 'Left out', close: 'Close', duplicate: 'a similar photo is in the book',
  burst: 'the best shot of its burst was taken', blurred: 'a sharper shot of the moment was taken', eyes_closed: 'eyes closed',
  no_slot: 'no room left', not_ready: 'still processing', ordered: 'The book is in the cart', cart: 'Cart',
  total: 'Total', emptyFrame: 'Drag a photo here', emptyText: 'Click to type', loading: 'Loading the book…',
  selectFrame: 'Select a frame or a text on the page', moveLeft: 'Move spread left', moveRight: 'Move spread right',
  spread: 'Spread', refused: 'Not saved', fileType: 'not a photo: upload a JPEG, PNG, WebP or HEIC',
  fileTooLarge: 'the file is too large', photoFrame: 'Photo frame', tokenLogin: 'Log in with a token', token: 'Token', textFrame: 'Text frame', uploadFailed: 'not uploaded',
};

/** Messages for the editing channel's error codes; the service's own message is shown for the others. */
const ERRORS_RU: Record<string, string> = {
  invalid_message: 'Правку не удалось применить.', forbidden: 'Эту книгу сейчас нельзя менять.',
  not_found: 'Этого больше нет в книге.', page_limit: 'В книге уже предельное число страниц.',
  invalid_scheme: 'Эта схема не подходит книге.', nothing_to_undo: 'Отменять нечего.', nothing_to_redo: 'Повторять нечего.',
  rate_limited: 'Слишком много правок сразу: повторите через секунду.', server_error: 'Сервер не сохранил правку: повторите.',
  preflight_failed: 'В книге есть ошибки: исправьте их, чтобы заказать.', transaction_conflict: 'Правка уже была отправлена.',
};
const ERRORS_EN: Record<string, string> = {
  invalid_message: 'The edit could not be applied.', forbidden: 'This book cannot be changed now.',
  not_found: 'That is no longer in the book.', page_limit: 'The book already has as many pages as it may.',
  invalid_scheme: 'This scheme does not fit the book.', nothing_to_undo: 'Nothing to undo.', nothing_to_redo: 'Nothing to redo.',
  rate_limited: 'Too many edits at once: try again in a second.', server_error: 'The server did not save the edit: try again.',
  preflight_failed: 'The book has errors: fix them to order it.', transaction_conflict: 'The edit was already sent.',
};

export const english = (navigator.languages ?? [navigator.language]).find((language) => /^(ru|en)/i.test(language))?.toLowerCase().startsWith('en') ?? false;

export const words: Words = english ? EN : RU;

/** holder: the person a `locked` refusal names. */
export function errorText(code: string, fallback: string, holder?: string): string {
  if (code === 'locked') return english ? `${holder || 'Someone'} is working on this frame now: the edit was not saved.` : `Эту рамку сейчас меняет ${holder || 'другой участник'}: правка не сохранена.`;
  return (english ? ERRORS_EN : ERRORS_RU)[code] ?? fallback;
}

export const money = (roubles: number) => new Intl.NumberFormat(english ? 'en-GB' : 'ru-RU', { style: 'currency', currency: 'RUB' }).format(roubles);
