/** Text patterns both sides check with; no zod here, so a page that only checks a text does not download it. */

/** An e-mail address as the spec's forms accept it. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
