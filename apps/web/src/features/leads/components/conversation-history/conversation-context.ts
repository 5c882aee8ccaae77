/** What the chat learned about the family, read from a conversation's `context`. */
export type ExtractedInformation = { parentName: string | null; email: string | null; childNames: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

function childName(child: unknown): string | null {
  return isRecord(child) ? textOf(child.name) : textOf(child);
}

/**
 * The server sends the context as an object, but older rows held it as JSON text; either is read,
 * and anything unexpected yields nothing rather than an error.
 */
export function extractedInformation(context: unknown): ExtractedInformation {
  let value = context;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      value = null;
    }
  }
  if (!isRecord(value)) return { parentName: null, email: null, childNames: [] };
  const children = Array.isArray(value.children) ? value.children : [];
  return {
    parentName: textOf(value.parentName) ?? textOf(value.parent_name),
    email: textOf(value.email),
    childNames: children.map(childName).filter((name): name is string => name !== null),
  };
}
