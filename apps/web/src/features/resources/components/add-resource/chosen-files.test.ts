import { RESOURCE_MAX_FILES, RESOURCE_MESSAGES } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { addChosenFiles, fileChoiceMessages, MAX_FILE_BYTES } from './chosen-files';

/** A File whose size is claimed without holding the bytes (a 60 MB file in a test). */
function makeFile(name: string, size = 10, lastModified = 1): File {
  const file = new File(['x'], name, { lastModified });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('addChosenFiles', () => {
  it('adds files of the allowed types, whatever the case of their extension', () => {
    const choice = addChosenFiles([], [makeFile('guide.PDF'), makeFile('photo.jpeg')]);
    expect(choice.files.map((f) => f.name)).toEqual(['guide.PDF', 'photo.jpeg']);
    expect(choice.wrongType).toEqual([]);
  });

  it('skips other types and says which types are allowed', () => {
    const choice = addChosenFiles([], [makeFile('setup.exe'), makeFile('notes.md'), makeFile('a.txt')]);
    expect(choice.files.map((f) => f.name)).toEqual(['a.txt']);
    expect(choice.wrongType).toEqual(['setup.exe', 'notes.md']);
    const [message] = fileChoiceMessages(choice);
    expect(message).toMatch(new RegExp(`^${RESOURCE_MESSAGES.skipped}\\.pdf, \\.docx`));
    expect(message).toContain('setup.exe, notes.md');
  });

  it('refuses a file over 50 MB in the browser', () => {
    const choice = addChosenFiles(
      [],
      [makeFile('film.mp4', MAX_FILE_BYTES + 1), makeFile('ok.mp4', MAX_FILE_BYTES)],
    );
    expect(choice.files.map((f) => f.name)).toEqual(['ok.mp4']);
    expect(fileChoiceMessages(choice)).toEqual([
      'film.mp4 is larger than 50 MB and was not added. Each file can be at most 50 MB.',
    ]);
  });

  it('keeps a file chosen twice once', () => {
    const first = addChosenFiles([], [makeFile('guide.pdf')]);
    const again = addChosenFiles(first.files, [makeFile('guide.pdf')]);
    expect(again.files).toHaveLength(1);
    expect(fileChoiceMessages(again)).toEqual([]);
  });

  it('stops at the most files a resource holds', () => {
    const many = Array.from({ length: RESOURCE_MAX_FILES + 2 }, (_, i) => makeFile(`page-${i}.png`));
    const choice = addChosenFiles([], many);
    expect(choice.files).toHaveLength(RESOURCE_MAX_FILES);
    expect(choice.overLimit).toEqual([
      `page-${RESOURCE_MAX_FILES}.png`,
      `page-${RESOURCE_MAX_FILES + 1}.png`,
    ]);
  });
});
