import { describe, expect, it } from 'vitest';
import { isInProgress, needsPolling, uploadPhase } from './upload-phase';

type Status = Parameters<typeof uploadPhase>[0] & object;
const upload = (catalog: string, price: string, rolledBack: 'Y' | 'N' = 'N') =>
  ({ CATALOG: { STATUS: catalog }, PRICE: { STATUS: price }, ROLLED_BACK: rolledBack }) as Status;

describe('isInProgress', () => {
  it('counts every status but the settled ones as work under way', () => {
    for (const s of ['QUEUED', 'PROCESSING', 'ANY_NEW_STATE']) expect(isInProgress(s)).toBe(true);
    for (const s of ['FINISHED', 'ERROR_DATA', 'ERROR_FILE', 'WAITING', 'CANCELLED', null, undefined, '']) expect(isInProgress(s)).toBe(false);
  });
});

describe('needsPolling', () => {
  it('polls while either part is in progress', () => {
    expect(needsPolling({ CATALOG: { STATUS: 'PROCESSING' }, PRICE: { STATUS: 'WAITING' } })).toBe(true);
    expect(needsPolling({ CATALOG: { STATUS: 'FINISHED' }, PRICE: { STATUS: 'QUEUED' } })).toBe(true);
    expect(needsPolling({ CATALOG: { STATUS: 'FINISHED' }, PRICE: { STATUS: 'ROLLING_BACK' } })).toBe(true);
    expect(needsPolling({ CATALOG: { STATUS: 'FINISHED' }, PRICE: { STATUS: 'WAITING' } })).toBe(false);
    expect(needsPolling({ CATALOG: { STATUS: null }, PRICE: { STATUS: null } })).toBe(false);
    expect(needsPolling(undefined)).toBe(false);
  });
});

describe('uploadPhase', () => {
  it('follows an upload from reading to its preview, its apply and a rollback', () => {
    expect(uploadPhase(null)).toBe('none');
    expect(uploadPhase(upload('QUEUED', 'WAITING'))).toBe('reading');
    expect(uploadPhase(upload('PROCESSING', 'WAITING'))).toBe('reading');
    expect(uploadPhase(upload('FINISHED', 'WAITING'))).toBe('preview');
    expect(uploadPhase(upload('FINISHED', 'QUEUED'))).toBe('applying');
    expect(uploadPhase(upload('FINISHED', 'PROCESSING'))).toBe('applying');
    expect(uploadPhase(upload('FINISHED', 'FINISHED'))).toBe('applied');
    expect(uploadPhase(upload('FINISHED', 'ROLLING_BACK'))).toBe('rollingBack');
    expect(uploadPhase(upload('FINISHED', 'FINISHED', 'Y'))).toBe('rolledBack');
  });
  it('tells errors in lines from a file that cannot be read, and a cancelled upload', () => {
    expect(uploadPhase(upload('ERROR_DATA', 'CANCELLED'))).toBe('errorData');
    expect(uploadPhase(upload('ERROR_FILE', 'CANCELLED'))).toBe('errorFile');
    expect(uploadPhase(upload('FINISHED', 'ERROR_FILE'))).toBe('errorFile');
    expect(uploadPhase(upload('FINISHED', 'CANCELLED'))).toBe('cancelled');
    expect(uploadPhase(upload('CANCELLED', 'CANCELLED'))).toBe('cancelled');
  });
});
