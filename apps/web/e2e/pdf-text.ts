import fs from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { extractText } from 'unpdf';

/**
 * Clicks `trigger`, waits for the PDF the browser downloads and reads its text with unpdf. Every run of whitespace
 * is one space: a name the PDF wrapped onto a second line reads as it was written.
 */
export async function downloadedPdfText(page: Page, trigger: Locator): Promise<string> {
  // A PDF is built on the server after the click: generous on this slow machine.
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), trigger.click()]);
  const file = await download.path();
  const { text } = await extractText(new Uint8Array(await fs.readFile(file)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
