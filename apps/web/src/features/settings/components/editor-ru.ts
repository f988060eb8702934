import type { I18nDictionary } from '@editorjs/editorjs';

/**
 * Editor.js and its tools (header, list, image) in Russian: their toolbar, menus, tunes and placeholders are English
 * otherwise (issue 39 §4). The keys are the English texts the editor and the tools ask for, by section.
 */
export const EDITOR_RU: I18nDictionary = {
  ui: {
    blockTunes: { toggler: { 'Click to tune': 'Нажмите, чтобы настроить', 'or drag to move': 'или перетащите' } },
    inlineToolbar: { converter: { 'Convert to': 'Преобразовать в' } },
    toolbar: { toolbox: { Add: 'Добавить' } },
    popover: { Filter: 'Поиск', 'Nothing found': 'Ничего не найдено', 'Convert to': 'Преобразовать в' },
  },
  toolNames: {
    Text: 'Текст',
    Heading: 'Заголовок',
    'Unordered List': 'Маркированный список',
    'Ordered List': 'Нумерованный список',
    Checklist: 'Чек-лист',
    Image: 'Изображение',
    Link: 'Ссылка',
    Bold: 'Полужирный',
    Italic: 'Курсив',
  },
  tools: {
    header: { 'Heading 1': 'Заголовок 1' },
    list: {
      Unordered: 'Маркированный',
      Ordered: 'Нумерованный',
      Checklist: 'Чек-лист',
      'Counter type': 'Вид нумерации',
      'Start with': 'Начать с',
      Numeric: 'Цифры',
      'Lower Roman': 'Строчные римские',
      'Upper Roman': 'Прописные римские',
      'Lower Alpha': 'Строчные буквы',
      'Upper Alpha': 'Прописные буквы',
    },
    image: {
      Caption: 'Подпись',
      'Select an Image': 'Выберите изображение',
      'Couldn’t upload image. Please try another.': 'Не удалось загрузить изображение. Попробуйте другое.',
      'With border': 'С рамкой',
      'Stretch image': 'Растянуть',
      'With background': 'С фоном',
      'With caption': 'С подписью',
    },
    link: { 'Add a link': 'Добавьте ссылку' },
    stub: { 'The block can not be displayed correctly.': 'Блок не удается показать' },
  },
  blockTunes: {
    delete: { Delete: 'Удалить', 'Click to delete': 'Нажмите, чтобы удалить' },
    moveUp: { 'Move up': 'Переместить вверх' },
    moveDown: { 'Move down': 'Переместить вниз' },
  },
};
