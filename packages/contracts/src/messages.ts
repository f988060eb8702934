/** Every Russian text of the spec, once. Both the server and the web import it. */
export const MSG = {
  // sign-in and session (back-office.md §5, §8)
  loginEmailRequired: 'Вы не указали e-mail',
  loginPasswordRequired: 'Вы не указали пароль',
  wrongCredentials: 'Неправильный логин или пароль',
  noConnection: 'Нет соединения с сервером. Произошла ошибка. Пожалуйста, попробуйте позже',
  networkError: 'Ошибка сети',
  tooManyAttempts: 'Слишком много попыток входа. Повторите через несколько минут',
  tooManyRequests: 'Слишком много запросов. Повторите позже',
  busy: 'Сервер занят. Повторите через секунду',
  /** The file store (a local folder or an S3 bucket, issue 42) did not take or give a file: nothing was saved. */
  fileStoreUnavailable: 'Хранилище файлов недоступно: файл не сохранён. Повторите попытку позже',
  userDisabled: 'Учётная запись отключена. Обратитесь к администратору',
  tokenRequired: 'Требуется авторизация',
  tokenInvalid: 'Токен недействителен',
  tokenExpired: 'Срок действия токена истёк (expired)',
  refreshInvalid: 'Токен обновления недействителен',
  clientInvalid: 'Неизвестный клиент приложения',
  grantUnsupported: 'Неподдерживаемый способ авторизации',
  shopLinkUnknown: 'Данной ссылки не существует. Проверьте правильность данных или уточните ссылку у Поставщика.',
  passwordNotSet: 'Для входа необходимо установить пароль',
  // transport
  forbidden: 'Недостаточно прав для выполнения действия',
  notFound: 'Не найдено',
  /** The lookup of a product by its 6-digit code (the offer form's gifts, the shop). */
  productCodeUnknown: 'Товар с таким кодом не найден',
  badRequest: 'Некорректный запрос',
  requestTooLarge: 'Слишком большой запрос',
  tooManyParts: 'Слишком много полей в запросе',
  tooManyFiles: 'Слишком много файлов в запросе',
  textInvalidChars: (field: string) => `Поле «${field}» содержит недопустимые символы`,
  textTooLong: (field: string, max: number) => `Поле «${field}» длиннее ${max} символов`,
  serverError: 'Внутренняя ошибка сервера. Пожалуйста, попробуйте позже',
  // numbers typed in forms and queries (issue 37.4, numbers.ts)
  intInvalid: 'Введите целое число',
  decimalInvalid: (decimals: number) => `Введите число, не больше ${decimals} знаков после запятой`,
  numberRange: (min: string, max: string) => `Введите число от ${min} до ${max}`,
  numberOutOfRange: 'Число вне допустимого диапазона',
  /** A date field (dates.ts): not a real day as dd.MM.yyyy or yyyy-MM-dd, or outside LIMITS.dateMin..dateMax. */
  dateInvalid: 'Некорректная дата',
  dateOutOfRange: (min: string, max: string) => `Дата должна быть в пределах с ${min} по ${max}`,
  // employees (back-office.md §5)
  employeeEmailRequired: 'Вы не указали почту',
  employeeNameRequired: 'Вы не указали имя',
  employeeSurnameRequired: 'Вы не указали фамилию',
  employeeEmailInvalid: 'Вы ввели неправильный электронный адрес',
  // groups and clients
  groupNameRequired: 'Не указано название группы',
  clientNotSelected: 'Вы не выбрали Клиента',
  clientAddedToGroup: 'Клиент успешно добавлен в группу',
  clientsAddedToGroup: 'Клиенты успешно добавлены в группу',
  clientRemovedFromGroup: 'Клиент удален из группы',
  clientsRemovedFromGroup: 'Клиенты удалены из группы',
  clientNotFound: 'Клиент не найден',
  clientAlreadyInGroup: 'Клиент уже состоит в группе',
  clientNotInGroup: 'Клиент не состоит в группе',
  clientBlacklisted: 'Клиент добавлен в черный список',
  clientsBlacklisted: 'Клиенты добавлены в черный список',
  clientRestored: 'Клиент восстановлен',
  clientsRestored: 'Клиенты восстановлены',
  groupCreated: 'Группа создана',
  groupSaved: 'Группа сохранена',
  groupDeleted: 'Группа удалена',
  groupNameTooLong: (max: number) => `Название группы не должно превышать ${max} символов`,
  groupDescriptionTooLong: (max: number) => `Описание группы не должно превышать ${max} символов`,
  groupSortInvalid: 'Некорректное поле сортировки',
  priceSettingRequired: 'Выберите тип цен или колонку цен',
  priceTypeNotFound: 'Тип цен не найден',
  priceColumnNotFound: 'Колонка цен не найдена',
  clientPriceSettingsSet: 'Клиенту установлены новые настройки цен',
  // empty states
  clientsEmpty: 'Клиенты не найдены',
  groupClientsEmpty: 'Список клиентов в группе пуст',
  ordersEmpty: 'Заказов не найдено',
  groupsEmpty: 'Список групп пуст',
  noDescription: 'Описание отсутствует',
  loading: 'Идет загрузка данных...',
  // files
  fileTooLarge: 'Размер файла должен быть не больше 10МБ',
  fileTypeInvalid: 'Недопустимый тип файла',
  fileFormatUnsupported: 'Неподдерживаемый формат файла',
  fileUploadFailed: 'Произошла ошибка при загрузке файла, попробуйте загрузить еще раз',
  /** A price, remains, multiplicity, promo or exclusion file in the old binary Excel format (.xls, issue 39 §3). */
  spreadsheetOldExcel: 'Сохраните файл в формате .xlsx или .csv',
  spreadsheetTooLarge: (mb: number) => `Файл слишком большой: в распакованном виде он занимает больше ${mb} МБ. Разделите его на несколько файлов`,
  spreadsheetTooManyRows: (max: number) => `В файле больше ${String(max).replace(/\B(?=(\d{3})+$)/g, ' ')} строк. Разделите его на несколько файлов`,
  spreadsheetTooSlow: 'Файл обрабатывается слишком долго. Разделите его на несколько файлов',
  // orders
  paymentTypeChanged: (type: string) => `Вы сменили способ оплаты на "${type}"`,
  // web shell
  pageNotFound: 'Страница не найдена',
  outdatedBrowser: 'Вы используете устаревший браузер. Для корректной работы обновите браузер до последней версии.',
  repair: 'Ведутся технические работы. Пожалуйста, зайдите позже',
  serverErrorPage: 'На сервере произошла ошибка. Пожалуйста, попробуйте позже',
} as const;

/** Order status labels (back-office.md §4). */
export const ORDER_STATUS_LABEL = {
  NEW: 'Новый',
  VIEWED: 'Просмотрен',
  IN_BASKET: 'В корзине',
  COMPLETED: 'Исполнен',
  CANCELED: 'Отменен',
} as const;

/** Action labels (back-office.md §9). */
export const ACTION_LABEL = {
  save: 'Сохранить',
  cancel: 'Отмена',
  delete: 'Удалить',
  add: 'Добавить',
  apply: 'Применить',
  edit: 'Изменить',
  close: 'Закрыть',
  generate: 'Сформировать',
} as const;

/** The manager routes an order to another partner (issue 39 §1): POST /v3/api/manager/order/{id}/ with partner_id. */
export const ORDER_ROUTING_MSG = {
  routed: (orderNumber: string, partner: string, newNumber: string) => `Заказ ${orderNumber} передан партнеру «${partner}» под номером ${newNumber}`,
  partnerRequired: 'Выберите партнера, которому передать заказ',
  partnerNotFound: 'Партнер не найден',
  samePartner: 'Заказ уже у этого партнера',
  noShop: 'У партнера нет магазина: передать ему заказ нельзя',
  clientBlacklisted: 'Клиент в черном списке партнера: передать ему заказ нельзя',
  closed: 'Заказ в корзине РЦ, выполнен или отменен: передать его нельзя',
  paidWithPoints: 'Заказ оплачен баллами лояльности: передать его нельзя. Отмените заказ и верните баллы клиенту',
  /** What the source's staff see when opening a routed order by its old id (404). */
  routedAway: (partner: string) => `Заказ передан партнеру «${partner}»`,
  /** The history entries on both sides (ROUTED_OUT, ROUTED_IN). */
  historyOut: (partner: string) => `Передан партнеру «${partner}»`,
  historyIn: (partner: string, manager: string) => `Получен от партнера «${partner}» (менеджер ${manager})`,
  /** clients.origin_note of a client created at the target. */
  clientOrigin: (partner: string, orderNumber: string) => `Получен от менеджера: заказ ${orderNumber} партнера «${partner}»`,
} as const;

/** action=manager: the order's responsible employee (issue 39 §1). */
export const ORDER_MANAGER_MSG = {
  set: (name: string) => `Ответственный: ${name}`,
  cleared: 'Ответственный снят',
  notFound: 'Сотрудник не найден. Выберите сотрудника из списка',
  disabled: 'Сотрудник отключен. Выберите активного сотрудника',
  none: 'не назначен',
} as const;
