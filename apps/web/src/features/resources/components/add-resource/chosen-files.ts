import {
  hasAllowedResourceExtension,
  RESOURCE_FILE_EXTENSIONS,
  RESOURCE_MAX_FILE_MB,
  RESOURCE_MAX_FILES,
  RESOURCE_MESSAGES,
} from '@lantern/contracts';

export const MAX_FILE_BYTES = RESOURCE_MAX_FILE_MB * 1024 * 1024;

/** The file picker's `accept`: the allowed extensions (the check below is the one that counts). */
export const ACCEPTED_FILE_TYPES = RESOURCE_FILE_EXTENSIONS.join(',');

/** What became of files dropped or browsed: those added, and those left out with why. */
export type FileChoice = {
  files: File[];
  /** Not one of the allowed types (spec: skipped, with the list of allowed types). */
  wrongType: string[];
  /** Over the 50 MB limit of a file. */
  tooLarge: string[];
  /** Past the most files one resource holds. */
  overLimit: string[];
};

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** Adds newly chosen files to those already chosen; the same file chosen twice is kept once. */
export function addChosenFiles(current: File[], incoming: Iterable<File>): FileChoice {
  const choice: FileChoice = { files: [...current], wrongType: [], tooLarge: [], overLimit: [] };
  for (const file of incoming) {
    if (!hasAllowedResourceExtension(file.name)) choice.wrongType.push(file.name);
    else if (file.size > MAX_FILE_BYTES) choice.tooLarge.push(file.name);
    else if (choice.files.some((chosen) => sameFile(chosen, file))) continue;
    else if (choice.files.length >= RESOURCE_MAX_FILES) choice.overLimit.push(file.name);
    else choice.files.push(file);
  }
  return choice;
}

/** The messages about files left out, one per reason, in words the admin can act on. */
export function fileChoiceMessages(choice: Omit<FileChoice, 'files'>): string[] {
  const messages: string[] = [];
  if (choice.wrongType.length > 0) {
    messages.push(
      `${RESOURCE_MESSAGES.skipped}${RESOURCE_FILE_EXTENSIONS.join(', ')} (skipped: ${choice.wrongType.join(', ')})`,
    );
  }
  if (choice.tooLarge.length > 0) {
    const many = choice.tooLarge.length > 1;
    messages.push(
      `${choice.tooLarge.join(', ')} ${many ? 'are' : 'is'} larger than ${RESOURCE_MAX_FILE_MB} MB and ${many ? 'were' : 'was'} not added. Each file can be at most ${RESOURCE_MAX_FILE_MB} MB.`,
    );
  }
  if (choice.overLimit.length > 0) {
    messages.push(
      `A resource holds at most ${RESOURCE_MAX_FILES} files; ${choice.overLimit.join(', ')} ${choice.overLimit.length > 1 ? 'were' : 'was'} not added.`,
    );
  }
  return messages;
}
