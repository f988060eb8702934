/** Russian word lists for people, companies, addresses and order texts of the demo data set. */

export const MALE_NAMES = [
  'Александр', 'Алексей', 'Андрей', 'Антон', 'Артём', 'Борис', 'Вадим', 'Валерий', 'Виктор', 'Владимир',
  'Денис', 'Дмитрий', 'Евгений', 'Иван', 'Игорь', 'Кирилл', 'Константин', 'Максим', 'Михаил', 'Никита',
  'Николай', 'Олег', 'Павел', 'Роман', 'Сергей', 'Станислав', 'Юрий',
] as const;

export const FEMALE_NAMES = [
  'Алина', 'Анастасия', 'Анна', 'Валентина', 'Вера', 'Виктория', 'Галина', 'Дарья', 'Екатерина', 'Елена',
  'Ирина', 'Ксения', 'Людмила', 'Марина', 'Мария', 'Надежда', 'Наталья', 'Нина', 'Оксана', 'Ольга',
  'Полина', 'Светлана', 'Татьяна', 'Юлия', 'Яна',
] as const;

/** Male surnames ending in -ов/-ев/-ёв/-ин: the female form adds «а». */
export const SURNAMES = [
  'Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков', 'Фёдоров',
  'Морозов', 'Волков', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров', 'Павлов', 'Козлов', 'Степанов', 'Николаев',
  'Орлов', 'Андреев', 'Макаров', 'Никитин', 'Захаров', 'Зайцев', 'Соловьёв', 'Борисов', 'Яковлев', 'Григорьев',
  'Романов', 'Воробьёв', 'Сергеев', 'Кузьмин', 'Фролов', 'Александров', 'Дмитриев', 'Королёв', 'Гусев', 'Киселёв',
  'Ильин', 'Максимов', 'Поляков', 'Сорокин', 'Виноградов', 'Ковалёв', 'Белов', 'Медведев', 'Антонов', 'Тарасов',
  'Жуков', 'Баранов', 'Филиппов', 'Комаров', 'Давыдов', 'Беляев', 'Герасимов', 'Богданов', 'Осипов', 'Сидоров',
] as const;

/** Patronymics as [male, female]. */
export const PATRONYMICS = [
  ['Александрович', 'Александровна'], ['Алексеевич', 'Алексеевна'], ['Андреевич', 'Андреевна'],
  ['Борисович', 'Борисовна'], ['Викторович', 'Викторовна'], ['Владимирович', 'Владимировна'],
  ['Дмитриевич', 'Дмитриевна'], ['Евгеньевич', 'Евгеньевна'], ['Иванович', 'Ивановна'], ['Игоревич', 'Игоревна'],
  ['Михайлович', 'Михайловна'], ['Николаевич', 'Николаевна'], ['Олегович', 'Олеговна'], ['Павлович', 'Павловна'],
  ['Петрович', 'Петровна'], ['Сергеевич', 'Сергеевна'], ['Юрьевич', 'Юрьевна'],
] as const;

/** Company names are a stem and an ending: «Вектор» + «-Трейд». */
export const COMPANY_STEMS = [
  'Альфа', 'Атлант', 'Бизнес', 'Вега', 'Вектор', 'Восток', 'Гарант', 'Глобус', 'Гранд', 'Дельта', 'Евро', 'Зенит',
  'Импульс', 'Интер', 'Капитал', 'Квант', 'Контур', 'Лидер', 'Магистраль', 'Меридиан', 'Монолит', 'Нева', 'Нова',
  'Норд', 'Омега', 'Орион', 'Офис', 'Партнёр', 'Перспектива', 'Полюс', 'Прайм', 'Престиж', 'Профи', 'Регион',
  'Ресурс', 'Север', 'Сигма', 'Союз', 'Спектр', 'Стандарт', 'Старт', 'Стройком', 'Сфера', 'Техно', 'Транзит',
  'Универсал', 'Феникс', 'Форум', 'Эталон', 'Юнити',
] as const;
export const COMPANY_ENDINGS = [
  '', '', '', '-Трейд', '-Сервис', 'Снаб', 'Строй', 'Групп', '-М', 'Плюс', 'Инвест', 'Лайн', 'Пром', 'Торг',
  'Маркет', 'Комплект', 'Логистик', '-Консалт',
] as const;

/** E-mail boxes of companies and public mail services of entrepreneurs. */
export const COMPANY_MAILBOXES = ['info', 'office', 'zakupki', 'snab', 'buh', 'sales'] as const;
export const MAIL_SERVICES = ['mail.ru', 'yandex.ru', 'gmail.com', 'bk.ru', 'list.ru', 'inbox.ru'] as const;

/** Public-sector names: a form and a name pattern with a number. */
export const SCHOOL_NAMES = [
  'ГБОУ «Школа № {n}»', 'ГБОУ «Лицей № {n}»', 'ГБОУ «Гимназия № {n}»', 'МБОУ «СОШ № {n}»',
  'МБДОУ «Детский сад № {n}»', 'ГБОУ «Детский сад № {n}»', 'МАДОУ «Детский сад № {n} „Солнышко“»',
] as const;
export const PUBLIC_BODY_NAMES = [
  'ГБУЗ «Городская поликлиника № {n}»', 'ГБУ «Жилищник района {district}»', 'МБУ «Центр культуры и досуга № {n}»',
  'ГКУ «Центр занятости населения {district}»', 'ГБУ «Библиотека № {n}»', 'МКУ «Управление образования № {n}»',
  'ГБУ ТЦСО «{district}»',
] as const;
export const DISTRICTS = [
  'Марьино', 'Люблино', 'Бутово', 'Митино', 'Строгино', 'Сокольники', 'Перово', 'Измайлово', 'Хамовники',
  'Чертаново', 'Отрадное', 'Бибирево', 'Коньково', 'Кунцево',
] as const;

export interface CityProfile {
  /** As written in an address. */
  city: string;
  /** First two digits of the INNs issued there. */
  innRegion: string;
  /** Landline area code. */
  areaCode: string;
  /** Mail domains of schools and of public bodies there. */
  eduDomain: string;
  govDomain: string;
  streets: readonly string[];
}

const MOSCOW_STREETS = [
  'ул. Тверская', 'Ленинградский пр-т', 'ул. Профсоюзная', 'ул. Новослободская', 'Варшавское ш.',
  'ул. Большая Серпуховская', 'ул. Академика Королёва', 'ул. Дубининская', 'Каширское ш.', 'Волгоградский пр-т',
  'ул. Мясницкая', 'ул. Бауманская', 'ул. Нижняя Красносельская', 'Дмитровское ш.', 'ул. Вавилова',
  'ул. Летниковская', 'ул. Электрозаводская', 'Рязанский пр-т', 'ул. Марксистская', 'ул. Лобачевского',
  'Кутузовский пр-т', 'ул. Складочная', 'ул. Братиславская', 'ул. Милашенкова', 'Алтуфьевское ш.',
];
const REGION_STREETS = [
  'ул. Ленина', 'ул. Мира', 'ул. Советская', 'ул. Октябрьская', 'ул. Гагарина', 'ул. Строителей',
  'ул. Садовая', 'ул. Победы', 'пр-т Космонавтов', 'ул. Заводская', 'Железнодорожная ул.',
];
const SPB_STREETS = [
  'Невский пр-т', 'Лиговский пр-т', 'Московский пр-т', 'ул. Марата', 'Кантемировская ул.', 'пр-т Энгельса',
  'Гражданский пр-т', 'ул. Савушкина', 'Большой пр-т В.О.', 'ул. Салова', 'Витебский пр-т', 'ул. Звёздная',
];

/** Where the clients of a Moscow supplier are. */
export const MOSCOW_AREA: readonly CityProfile[] = [
  { city: 'г. Москва', innRegion: '77', areaCode: '495', eduDomain: 'edu.mos.ru', govDomain: 'mos.ru', streets: MOSCOW_STREETS },
  { city: 'г. Москва', innRegion: '77', areaCode: '499', eduDomain: 'edu.mos.ru', govDomain: 'mos.ru', streets: MOSCOW_STREETS },
  { city: 'г. Москва', innRegion: '77', areaCode: '495', eduDomain: 'edu.mos.ru', govDomain: 'mos.ru', streets: MOSCOW_STREETS },
  { city: 'Московская обл., г. Химки', innRegion: '50', areaCode: '495', eduDomain: 'edu.mosreg.ru', govDomain: 'mosreg.ru', streets: REGION_STREETS },
  { city: 'Московская обл., г. Мытищи', innRegion: '50', areaCode: '495', eduDomain: 'edu.mosreg.ru', govDomain: 'mosreg.ru', streets: REGION_STREETS },
  { city: 'Московская обл., г. Подольск', innRegion: '50', areaCode: '4967', eduDomain: 'edu.mosreg.ru', govDomain: 'mosreg.ru', streets: REGION_STREETS },
  { city: 'Московская обл., г. Балашиха', innRegion: '50', areaCode: '495', eduDomain: 'edu.mosreg.ru', govDomain: 'mosreg.ru', streets: REGION_STREETS },
  { city: 'Московская обл., г. Королёв', innRegion: '50', areaCode: '495', eduDomain: 'edu.mosreg.ru', govDomain: 'mosreg.ru', streets: REGION_STREETS },
  { city: 'Московская обл., г. Люберцы', innRegion: '50', areaCode: '495', eduDomain: 'edu.mosreg.ru', govDomain: 'mosreg.ru', streets: REGION_STREETS },
  { city: 'Московская обл., г. Одинцово', innRegion: '50', areaCode: '495', eduDomain: 'edu.mosreg.ru', govDomain: 'mosreg.ru', streets: REGION_STREETS },
];

/** Where the clients of a Saint Petersburg supplier are. */
export const SAINT_PETERSBURG_AREA: readonly CityProfile[] = [
  { city: 'г. Санкт-Петербург', innRegion: '78', areaCode: '812', eduDomain: 'edu.spb.ru', govDomain: 'gov.spb.ru', streets: SPB_STREETS },
  { city: 'Ленинградская обл., г. Всеволожск', innRegion: '47', areaCode: '81370', eduDomain: 'edu.lenreg.ru', govDomain: 'lenreg.ru', streets: REGION_STREETS },
];

export const MOBILE_CODES = [
  '903', '905', '909', '910', '915', '916', '917', '925', '926', '929', '963', '965', '977', '985', '999',
] as const;

/** Client comments on orders. */
export const ORDER_COMMENTS = [
  'Доставка после 14:00, пожалуйста',
  'Просьба позвонить за час до доставки',
  'Счёт на оплату отправьте на почту',
  'Нужны закрывающие документы (УПД)',
  'Въезд во двор со стороны переулка, пропуск заказан',
  'Если бумаги SvetoCopy нет, можно заменить на аналог',
  'Привезти до пятницы, срочно',
  'Разгрузка своими силами, склад на первом этаже',
  'Оплата по счёту в течение 3 дней',
  'Доставка на второй адрес, контакт на месте — охрана',
  'Прошу зарезервировать товар до оплаты',
] as const;

/** The supplier's own comments and notes. */
export const SHOP_COMMENTS = [
  'Согласовали замену позиции по телефону',
  'Клиент просил отгрузить одной партией',
  'Доставка перенесена по просьбе клиента',
  'Отгрузка со склада на Варшавском шоссе',
] as const;
export const ORDER_NOTES = [
  'Постоянный клиент, отгрузить в приоритете',
  'Проверить оплату перед отгрузкой',
  'Клиент просит оригиналы документов курьером',
] as const;

export const CANCEL_REASONS = [
  'Клиент отказался от заказа',
  'Нет товара в наличии на складе РЦ',
  'Дубль заказа',
  'Не согласована цена',
  'Клиент не вышел на связь',
  'Заказ оформлен по ошибке',
] as const;
