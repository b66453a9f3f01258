import { describe, expect, it } from 'vitest';
import { backupFileName, backupStageText, importFailure, importSummary } from './backup';
import { BackupError } from '../core/backup';
import { DEFAULT_SETTINGS } from '../core/settings';

describe('library export and import wording', () => {
  it('names the file by the local date', () => {
    expect(backupFileName(new Date(2026, 0, 5, 23, 59))).toBe('sieve-library-2026-01-05.sieve');
  });

  it('says how many documents were added and replaced, and what happened to the settings', () => {
    const base = { settings: DEFAULT_SETTINGS, settingsImported: false, hadDocuments: false };
    expect(importSummary({ ...base, added: 2, replaced: 0, settingsImported: true })).toBe('Imported 2 documents: 2 added, 0 replaced. Its settings were imported too.');
    expect(importSummary({ ...base, added: 1, replaced: 1, hadDocuments: true })).toMatch(
      /^Imported 2 documents: 1 added, 1 replaced \(already in the library; the copy from the file took their place\)\. Your own settings were kept, since the library already had documents\.$/,
    );
    expect(importSummary({ ...base, added: 0, replaced: 0, settingsImported: true })).toBe('The file held no documents. Its settings were imported too.');
    expect(importSummary({ ...base, added: 1, replaced: 0, settingsProblem: 'the settings could not be saved (disk)' })).toMatch(
      /1 document: .* Note: the settings could not be saved \(disk\)\.$/,
    );
  });

  it('shows a refusal as it is, and any other failure or a cancel as changing nothing', () => {
    expect(importFailure(new BackupError('damaged', 'This file is damaged or was altered: x. Nothing was imported.'), false)).toBe(
      'Import refused. This file is damaged or was altered: x. Nothing was imported.',
    );
    expect(importFailure(new Error('knowledge base: storage is full.'), false)).toBe(
      'Import failed: knowledge base: storage is full. Nothing was imported; your library is as it was.',
    );
    expect(importFailure(new Error('x'), true)).toBe('Import cancelled; nothing was imported.');
  });

  it('counts progress steps only where there are several', () => {
    expect(backupStageText({ stage: 'checking', done: 3, total: 13 })).toBe('Checking integrity (3 of 13)');
    expect(backupStageText({ stage: 'saving', done: 0, total: 1 })).toBe('Saving');
  });
});
