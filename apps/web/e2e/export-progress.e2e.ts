import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { JOB_MSG } from '@b2b/contracts/jobs';
import { signInAs } from './helpers';

/**
 * Issue 11.2: a list export runs as a job on the server; the page shows its progress («Формируется файл
 * выгрузки…») while it polls the job, then downloads the file. Here with a group's members, an export no other spec
 * clicks.
 */

test.describe.configure({ timeout: 90_000 });

test("a group's member export shows its progress, then downloads the group's clients", async ({ page }) => {
  await signInAs(page, 'owner@partner.demo', '/partner/clients/groups');
  await page.getByRole('link', { name: 'Розница' }).click({ timeout: 30_000 });
  const members = page.getByTestId('group-clients-table').locator('tr[data-testid^="client-row-"]');
  await expect(members.first()).toBeVisible({ timeout: 30_000 });

  const downloading = page.waitForEvent('download');
  const exported = page.waitForResponse((r) => r.request().method() === 'POST' && /\/v3\/api\/partner\/group\/\d+\//.test(r.url()));
  await page.getByTestId('group-clients-export').click();
  expect(await (await exported).json()).toMatchObject({ SUCCESS: 'Y', JOB_ID: expect.any(Number), MESSAGE: JOB_MSG.exportQueued });
  const progress = page.getByTestId('export-progress');
  // The text and the bar in one look: a small group's job can end, and its notification close, between two looks.
  await expect(progress.filter({ has: page.locator('.ant-progress') })).toContainText(JOB_MSG.exportProgress);

  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Группа Розница \d{2}\.\d{2}\.\d{4}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
  const ids: number[] = [];
  workbook.worksheets[0].eachRow((row, n) => n > 1 && ids.push(Number(row.getCell(1).value)));
  const shown = (await members.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')))).map((id) =>
    Number(id!.replace('client-row-', '')),
  );
  expect(ids.length).toBeGreaterThanOrEqual(shown.length);
  for (const id of shown) expect(ids).toContain(id);
  await expect(progress).toHaveCount(0);
});
