import { validateImportRow, type ImportResult, type ImportValidation } from '@lantern/contracts';
import type { Actor } from '../audit/audit.service';
import type { LeadsService, NumberedLead } from '../leads/leads.service';

type RawRow = Record<string, unknown> & { lineNumber?: number };
type Verdicts = ImportValidation['validation'];

/**
 * Judges the rows of an import, in file order, a slice at a time: invalid (errors), duplicate (its
 * email is already a lead, or repeats an earlier line of the file), valid; warnings are listed
 * for rows that stay importable. Line numbers are the user's file lines (header is line 1).
 */
function createJudge(leads: LeadsService, today: Date) {
  const validation: Verdicts = { valid: [], invalid: [], duplicates: [], warnings: [] };
  const firstLine = new Map<string, number>();
  const duplicateOf = new Map<number, 'database' | 'file'>();

  /** The next rows of the file (the first at `offset`): answers the valid ones. */
  async function judge(rows: RawRow[], offset: number): Promise<NumberedLead[]> {
    const verdicts = rows.map((row, index) => ({
      ...validateImportRow(row, today),
      lineNumber: row.lineNumber ?? offset + index + 2,
    }));
    // An email of an earlier valid line is a repeat within the file, whatever the database says:
    // its lead may already have been written by this import.
    const emails = [
      ...new Set(
        verdicts
          .filter((v) => v.errors.length === 0 && !firstLine.has(v.lead.email))
          .map((v) => v.lead.email),
      ),
    ];
    const inDatabase = await leads.existingEmails(emails);
    const valid: NumberedLead[] = [];
    for (const v of verdicts) {
      if (v.errors.length) {
        validation.invalid.push({ lead: v.lead, lineNumber: v.lineNumber, errors: v.errors });
        continue;
      }
      const earlier = firstLine.get(v.lead.email);
      if (earlier !== undefined) {
        validation.duplicates.push({
          email: v.lead.email,
          lineNumber: v.lineNumber,
          reason: `Same email as line ${earlier}`,
        });
        duplicateOf.set(v.lineNumber, 'file');
      } else if (inDatabase.has(v.lead.email)) {
        validation.duplicates.push({
          email: v.lead.email,
          lineNumber: v.lineNumber,
          reason: 'A lead with this email already exists',
        });
        duplicateOf.set(v.lineNumber, 'database');
      } else {
        firstLine.set(v.lead.email, v.lineNumber);
        valid.push({ lead: v.lead, lineNumber: v.lineNumber });
      }
      if (v.warnings.length)
        validation.warnings.push({ lead: v.lead, lineNumber: v.lineNumber, warnings: v.warnings });
    }
    validation.valid.push(...valid);
    return valid;
  }

  return { validation, duplicateOf, judge };
}

export function createImportsService(deps: { leads: LeadsService }) {
  const { leads } = deps;

  return {
    async validate(rows: RawRow[], today = new Date()): Promise<ImportValidation> {
      const { validation, judge } = createJudge(leads, today);
      await judge(rows, 0);
      return {
        validation,
        summary: {
          valid: validation.valid.length,
          invalid: validation.invalid.length,
          duplicates: validation.duplicates.length,
          warnings: validation.warnings.length,
        },
      };
    },

    /**
     * Imports the valid rows in batches. Duplicates of existing leads are skipped, or, with
     * skipDuplicates off, merged into them (empty fields filled, new children added). A repeat
     * of an earlier line of the same file is always skipped. Importing the same file twice
     * creates nothing the second time.
     */
    async importRows(
      rows: RawRow[],
      skipDuplicates: boolean,
      actor: Actor,
      today = new Date(),
    ): Promise<ImportResult> {
      const { validation, duplicateOf, judge } = createJudge(leads, today);
      // Each slice is written while the next ones are judged.
      async function* validSlices() {
        const size = leads.importBatchSize(rows.length);
        for (let start = 0; start < rows.length; start += size)
          yield await judge(rows.slice(start, start + size), start);
      }
      const outcome = await leads.createImportedLeads(validSlices(), actor);
      const details: ImportResult['results']['details'] = {
        errors: validation.invalid.map((v) => ({
          lineNumber: v.lineNumber,
          email: v.lead.email,
          error: v.errors.join('; '),
        })),
        skipped: [],
        created: outcome.created,
        updated: [],
      };
      details.skipped.push(
        ...outcome.conflicts.map((c) => ({ ...c, reason: 'A lead with this email already exists' })),
      );
      details.errors.push(...outcome.failed);

      const rowByLine = new Map(rows.map((r, i) => [r.lineNumber ?? i + 2, r]));
      for (const dup of validation.duplicates) {
        if (skipDuplicates || duplicateOf.get(dup.lineNumber) === 'file') {
          details.skipped.push({ lineNumber: dup.lineNumber, email: dup.email, reason: dup.reason });
          continue;
        }
        const lead = validateImportRow(rowByLine.get(dup.lineNumber)!, today).lead;
        const id = await leads.mergeImportedLead({ lead, lineNumber: dup.lineNumber }, actor);
        if (id) details.updated.push({ lineNumber: dup.lineNumber, email: dup.email, id });
        else
          details.errors.push({
            lineNumber: dup.lineNumber,
            email: dup.email,
            error: 'The existing lead was not found',
          });
      }
      details.errors.sort((a, b) => a.lineNumber - b.lineNumber);
      details.skipped.sort((a, b) => a.lineNumber - b.lineNumber);
      return {
        results: {
          created: details.created.length,
          updated: details.updated.length,
          skipped: details.skipped.length,
          errors: details.errors.length,
          details,
        },
      };
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
