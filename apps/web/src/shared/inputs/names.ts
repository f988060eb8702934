const capitalise = (word: string) => (word ? word[0].toLocaleUpperCase('ru') + word.slice(1).toLocaleLowerCase('ru') : word);

/** Contact names are capitalised per word, hyphenated parts too: "анна-мария петрова" → "Анна-Мария Петрова". */
export function capitaliseWords(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .split(' ')
    .map((word) => word.split('-').map(capitalise).join('-'))
    .join(' ');
}

const upperFirst = (part: string) => (part ? part[0].toLocaleUpperCase('ru') + part.slice(1) : part);

/**
 * Employee surname and name keep only letters and a hyphen, with a capital first letter (back-office.md §5);
 * each part of a double name starts with a capital too.
 */
export function cleanPersonName(value: string): string {
  return value
    .replace(/[^\p{L}-]/gu, '')
    .split('-')
    .map(upperFirst)
    .join('-');
}
