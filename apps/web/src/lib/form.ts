import { get, type FieldErrors, type FieldValues } from 'react-hook-form';

/**
 * The message of the error at a field path ('email', 'children.0.age'), if it has one. A form shows it
 * under the field, with the field's aria-invalid and aria-describedby (see "Forms" in apps/web/README.md).
 */
export function errorAt<T extends FieldValues>(errors: FieldErrors<T>, path: string): string | undefined {
  const message: unknown = get(errors, `${path}.message`);
  return typeof message === 'string' && message ? message : undefined;
}
