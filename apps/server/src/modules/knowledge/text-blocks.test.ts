import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { describe, expect, it } from 'vitest';
import { chunkBlocks, countTokens } from './chunking';
import { extractDocumentText } from './document-text';
import { htmlBlocks } from './html-blocks';
import { layoutBlocks, plainTextBlocks } from './layout-blocks';
import { joinHyphenated, joinWrapped } from './layout-tables';
import { pdfDocumentLines, pdfPageLines } from './pdf-lines';
import { englishWordsFromWordNet } from './related-words';
import { markdownBlocks, type TextBlock } from './text-blocks';

/** The rules that turn a document's text into blocks and chunks, on small inputs. */

const headings = (blocks: TextBlock[]) => blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
const tables = (blocks: TextBlock[]) => blocks.flatMap((b) => (b.kind === 'table' ? [b] : []));

describe('plain text', () => {
  it('reads two title lines in a row above a paragraph as two headings', () => {
    const blocks = plainTextBlocks(
      'PARENT HANDBOOK\n\nPart 2\nFees and Payment\nTuition is set each spring.',
    );
    expect(headings(blocks)).toEqual(['PARENT HANDBOOK', 'Part 2', 'Fees and Payment']);
  });

  it('ends a table at a one-line paragraph right under it, with no blank line between', () => {
    const blocks = plainTextBlocks(
      'Fee          Amount       When\nApplication  $150         With the form\nDeposit      $1,200       On offer\nFees are due in August.\n\nNext section\nText here.',
    );
    expect(tables(blocks)[0]!.rows).toEqual([
      'Application: Amount: $150; When: With the form',
      'Deposit: Amount: $1,200; When: On offer',
    ]);
    expect(blocks[1]).toEqual({ kind: 'paragraph', text: 'Fees are due in August.' });
  });

  it('keeps a run of short lines as a list, one line each, under the title above it', () => {
    const blocks = plainTextBlocks(
      'What to bring\n\nWater bottle\nIndoor shoes\nLibrary bag\n\nThe office opens at 8.',
    );
    expect(blocks.slice(0, 2)).toEqual([
      { kind: 'heading', level: 2, text: 'What to bring' },
      { kind: 'paragraph', text: 'Water bottle\nIndoor shoes\nLibrary bag' },
    ]);
  });

  it('does not take a wrapped line of a paragraph for a heading', () => {
    const blocks = plainTextBlocks(
      'Each student has an Individual Learning Plan written with the family in\nOctober and reviewed in March, with goals and services and the\nAccommodations Office copied in every case so that it can be applied.',
    );
    expect(headings(blocks)).toEqual([]);
    expect(blocks).toHaveLength(1);
  });

  it('reads columns lined up with spaces as a table, each row with its headers, under its caption', () => {
    const [table] = tables(
      plainTextBlocks(
        [
          'Tuition 2026-2027',
          'Division         Grades     Annual tuition',
          'Lower School     K to 4     $31,200',
          'Upper School     9 to 12    $36,400',
        ].join('\n'),
      ),
    );
    expect(table).toMatchObject({
      caption: 'Tuition 2026-2027',
      header: 'Division | Grades | Annual tuition',
      rows: [
        'Lower School: Grades: K to 4; Annual tuition: $31,200',
        'Upper School: Grades: 9 to 12; Annual tuition: $36,400',
      ],
    });
  });

  it('reads tab-separated label and value lines as a table without a header', () => {
    const [table] = tables(plainTextBlocks('Phone\t(555) 010-2000\nEmail\toffice@example.org'));
    expect(table?.rows).toEqual(['Phone: (555) 010-2000', 'Email: office@example.org']);
  });

  it('does not take prose with double spaces after its sentences for a table', () => {
    const blocks = plainTextBlocks(
      'The school opens at 8.  Parents should arrive before the bell rings at\n8:25 so that the line moves.  Buses leave at 3:30 from the front gate.',
    );
    expect(tables(blocks)).toEqual([]);
  });
});

describe('Markdown and DOCX tables', () => {
  it('reads a pipe table with its caption', () => {
    const [table] = tables(
      markdownBlocks(
        'Table 2: Fees\n\n| Fee | Amount |\n|---|---|\n| Application | $150 |\n| Deposit | $1,200 |',
      ),
    );
    expect(table).toMatchObject({
      caption: 'Table 2: Fees',
      rows: ['Application: Amount: $150', 'Deposit: Amount: $1,200'],
    });
  });

  it('reads a Word table with its header row, a merged cell repeated into each row it covers', () => {
    const html =
      '<p>Tuition</p><table><thead><tr><th><p>Division</p></th><th><p>Plan</p></th><th><p>Amount</p></th></tr></thead>' +
      '<tbody><tr><td rowspan="2"><p>Lower</p></td><td><p>Annual</p></td><td><p>$31,200</p></td></tr>' +
      '<tr><td><p>Monthly</p></td><td><p>$3,120</p></td></tr></tbody></table>';
    expect(tables(htmlBlocks(html))[0]).toMatchObject({
      caption: 'Tuition',
      rows: ['Lower: Plan: Annual; Amount: $31,200', 'Lower: Plan: Monthly; Amount: $3,120'],
    });
  });

  it('reads a Markdown line wholly in bold as a heading below the last one, or as the caption of a table', () => {
    const markdown = [
      '# Parent handbook',
      '',
      '**Uniform**',
      'Students wear navy polo shirts.',
      '',
      '**Please label every item.**',
      '',
      '**Fees 2026-27**',
      '',
      '| Fee | Amount |',
      '|---|---|',
      '| Deposit | $1,200 |',
    ].join('\n');
    const blocks = markdownBlocks(markdown);
    expect(blocks.slice(0, 4)).toEqual([
      { kind: 'heading', level: 1, text: 'Parent handbook' },
      { kind: 'heading', level: 2, text: 'Uniform' },
      { kind: 'paragraph', text: 'Students wear navy polo shirts.' },
      { kind: 'paragraph', text: 'Please label every item.' },
    ]);
    expect(tables(blocks)[0]).toMatchObject({ caption: 'Fees 2026-27', rows: ['Deposit: Amount: $1,200'] });
  });

  it('reads a Word paragraph wholly in bold as a heading, not one with plain words or in a table', () => {
    const html =
      '<h1>Handbook</h1><p><strong>Fees and payment</strong></p><p>Tuition is $21,000 a year.</p>' +
      '<p><strong>Note:</strong> fees rise each September</p><p>The fees by division:</p>' +
      '<table><tr><td><p><strong>Lower</strong></p></td><td><p>$21,000</p></td></tr>' +
      '<tr><td><p><strong>Upper</strong></p></td><td><p>$24,000</p></td></tr></table>';
    const blocks = htmlBlocks(html);
    expect(blocks.slice(0, 4)).toEqual([
      { kind: 'heading', level: 1, text: 'Handbook' },
      { kind: 'heading', level: 2, text: 'Fees and payment' },
      { kind: 'paragraph', text: 'Tuition is $21,000 a year.' },
      { kind: 'paragraph', text: 'Note: fees rise each September' },
    ]);
    expect(tables(blocks)[0]).toMatchObject({
      caption: 'The fees by division:',
      rows: ['Lower: $21,000', 'Upper: $24,000'],
    });
  });

  it("reads a Word document's Title style as its first heading", async () => {
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: 'Parent Handbook 2026', heading: HeadingLevel.TITLE }),
            new Paragraph({ text: 'Fees', heading: HeadingLevel.HEADING_1 }),
            new Paragraph('Tuition is $21,000 a year.'),
          ],
        },
      ],
    });
    const { blocks } = await extractDocumentText('docx', await Packer.toBuffer(doc));
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Parent Handbook 2026' },
      { kind: 'heading', level: 1, text: 'Fees' },
      { kind: 'paragraph', text: 'Tuition is $21,000 a year.' },
    ]);
  });

  it("numbers the items of a Word numbered list (mammoth's <ol> has no numbers in its text)", () => {
    const html =
      '<p>How to apply:</p><ol><li>Phone the office.</li><li>Visit us<ul><li>bring reports</li></ul></li>' +
      '<li>Send the form.</li></ol><ol><li>Pay the deposit.</li></ol><ul><li>Uniform list</li></ul>';
    expect(htmlBlocks(html).map((b) => b.text)).toEqual([
      'How to apply:',
      '1. Phone the office.',
      '2. Visit us',
      '- bring reports',
      '3. Send the form.',
      '1. Pay the deposit.',
      '- Uniform list',
    ]);
  });

  it('reads a table named along both edges (a blank corner cell) with its column headers', () => {
    const cell = (t: string) => `<td><p>${t}</p></td>`;
    const html = `<p>Class sizes</p><table>${[
      ['', 'Junior', 'Senior'],
      ['Class size', '8', '12'],
      ['Staff to students', '1:4', '1:6'],
    ]
      .map((r) => `<tr>${r.map(cell).join('')}</tr>`)
      .join('')}</table>`;
    expect(tables(htmlBlocks(html))[0]).toMatchObject({
      caption: 'Class sizes',
      header: 'Junior | Senior',
      rows: ['Class size: Junior: 8; Senior: 12', 'Staff to students: Junior: 1:4; Senior: 1:6'],
    });
  });

  it('reads a table used for layout as the blocks of its cells', () => {
    const html = '<table><tr><td><h2>Our Mission</h2><p>Every child reads by grade 3.</p></td></tr></table>';
    expect(htmlBlocks(html)).toEqual([
      { kind: 'heading', level: 2, text: 'Our Mission' },
      { kind: 'paragraph', text: 'Every child reads by grade 3.' },
    ]);
  });
});

describe('characters a reader does not see as such', () => {
  // A soft hyphen (an optional break), a zero-width space inside a word, a byte-order mark, the
  // ligature 'fi' as one glyph, a non-breaking hyphen.
  const text =
    '\ufeffFamilies complete the regis\u00adtration form and pay the appli\u200bcation fee; \ufb01nancial aid is after\u2011school.';
  const expected =
    'Families complete the registration form and pay the application fee; financial aid is after-school.';

  it.each(['md', 'txt'] as const)('are read as their letters in a %s file', async (kind) => {
    const { blocks } = await extractDocumentText(kind, Buffer.from(text));
    expect(blocks.map((b) => b.text)).toEqual([expected]);
  });

  it('are read as their letters in a DOCX', async () => {
    const doc = new Document({ sections: [{ children: [new Paragraph({ text: text.slice(1) })] }] });
    const { blocks } = await extractDocumentText('docx', await Packer.toBuffer(doc));
    expect(blocks.map((b) => b.text)).toEqual([expected]);
  });
});

describe('PDF lines', () => {
  const item = (str: string, x: number, y: number, width = str.length * 5.5) => ({
    str,
    transform: [11, 0, 0, 11, x, y],
    width,
    height: 11,
  });

  it('splits a line at a wide gap into table cells', () => {
    const [line] = pdfPageLines([item('Junior School', 72, 700), item('Grades 1-4', 207, 700)]);
    expect(line!.cells.map((c) => c.text)).toEqual(['Junior School', 'Grades 1-4']);
  });

  it('reads a page set in two columns column by column', () => {
    const items = [];
    for (let i = 0; i < 5; i++) {
      items.push(item(`left column line number ${i} of the prose`, 72, 700 - i * 13, 210));
      items.push(item(`right column line number ${i} of the prose`, 318, 700 - i * 13, 210));
    }
    const texts = pdfPageLines(items).map((l) => l.cells.map((c) => c.text).join(' '));
    expect(texts.slice(0, 5).every((t) => t.startsWith('left'))).toBe(true);
    expect(texts.slice(5).every((t) => t.startsWith('right'))).toBe(true);
  });

  it('reads columns whole across a heading inside one of them, and a table set in one column', () => {
    const heading = (str: string, x: number, y: number) => ({
      ...item(str, x, y, 120),
      transform: [14, 0, 0, 14, x, y],
      height: 14,
    });
    const items = [];
    for (let i = 0; i < 4; i++)
      items.push(item(`left column line number ${i} of the prose`, 72, 700 - i * 13, 210));
    items.push(heading('Lunch plans', 72, 640));
    for (let i = 0; i < 4; i++)
      items.push(item(`left column line number ${i + 4} of the prose`, 72, 620 - i * 13, 210));
    for (let i = 0; i < 5; i++)
      items.push(item(`right column line number ${i} of the prose`, 318, 706 - i * 13, 210));
    // A small table in the right column, under its prose.
    items.push(item('Plan', 318, 630, 30), item('Price', 450, 630, 30));
    items.push(item('Full plan', 318, 617, 50), item('$1,480', 450, 617, 35));
    items.push(item('Three days', 318, 604, 55), item('$910', 450, 604, 25));
    const texts = pdfPageLines(items).map((l) => l.cells.map((c) => c.text).join(' | '));
    expect(texts).toEqual([
      ...[0, 1, 2, 3].map((i) => `left column line number ${i} of the prose`),
      'Lunch plans',
      ...[4, 5, 6, 7].map((i) => `left column line number ${i} of the prose`),
      ...[0, 1, 2, 3, 4].map((i) => `right column line number ${i} of the prose`),
      'Plan | Price',
      'Full plan | $1,480',
      'Three days | $910',
    ]);
  });

  it('gives each column its own type size and baselines: a heading in one is no heading in the other', () => {
    const heading = { ...item('Lunch plans', 72, 661, 120), transform: [16, 0, 0, 16, 72, 661], height: 16 };
    const items = [heading];
    for (let i = 0; i < 4; i++)
      items.push(item(`left column line number ${i} of the prose`, 72, 640 - i * 13, 210));
    // The right column's lines sit between the left's baselines; one shares the heading's line.
    for (let i = 0; i < 6; i++)
      items.push(item(`right column line number ${i} of the prose`, 318, 665 - i * 13, 210));
    const lines = pdfPageLines(items);
    const right = lines.filter((l) => l.cells[0]!.text.startsWith('right'));
    expect(right.map((l) => l.size)).toEqual([11, 11, 11, 11, 11, 11]);
    expect(right.slice(1).map((l) => l.gap)).toEqual([13, 13, 13, 13, 13]);
    expect(right.slice(1).every((l) => !l.breakBefore)).toBe(true);
  });

  it('reads a justified line, its words set apart by equal wide gaps, as one piece of text', () => {
    // 'store, when a speech-language': gaps of 20 points between its words, 11-point type.
    const words = ['store,', 'when', 'a', 'speech-language'];
    let x = 62;
    const justified = words.map((w) => {
      const piece = item(w, x, 700);
      x += w.length * 5.5 + 20;
      return piece;
    });
    expect(pdfPageLines(justified)[0]!.cells.map((c) => c.text)).toEqual(['store, when a speech-language']);
    // A table row: gaps unequal, or cells that are not words of a sentence, stays a row.
    const rows = pdfPageLines([
      item('Monday', 72, 680),
      item('8:30', 200, 680),
      item('3:15', 300, 680),
      item('$395', 72, 660),
      item('$420', 120, 660),
      item('$480', 168, 660),
      item('yes', 72, 640),
      item('no', 160, 640),
      item('yes', 190, 640),
    ]);
    expect(rows.map((l) => l.cells.length)).toEqual([3, 3, 3]);
  });

  it('does not take a two-column table with some long cells for two columns of prose', () => {
    const rows = [
      ['New family orientation', 'Tuesday, September 1, 2026'],
      ['First day of classes', 'Wednesday, September 2, 2026'],
      ['Parent-teacher conferences (no classes)', 'November 19-20, 2026'],
      ['Last day before winter break', 'Friday, December 18, 2026'],
      ['Classes resume after winter break', 'Tuesday, January 5, 2027'],
      ['March break', 'March 15-19, 2027'],
      ['Good Friday and Easter Monday', 'March 26 and March 29, 2027'],
      ['Last day of classes', 'Friday, June 18, 2027'],
    ];
    const items = rows.flatMap(([event, date], i) => [
      item(event!, 76, 700 - i * 15),
      item(date!, 300, 700 - i * 15),
    ]);
    const texts = pdfPageLines(items).map((l) => l.cells.map((c) => c.text).join(' | '));
    expect(texts).toEqual(rows.map((r) => r.join(' | ')));
  });

  it('keeps a table row whole when its cells wrap and the others are centred on it (a browser-printed table)', () => {
    const cell = (str: string, x: number, y: number) => ({
      ...item(str, x, y),
      transform: [12, 0, 0, 12, x, y],
    });
    const prose = [
      'Students are grouped in three divisions, plus a transition program for',
      'graduates who need more time to build work and life skills. Every class',
      'has a lead teacher and at least one learning assistant. The ratios below',
      'count teachers, assistants and the therapists who work in classrooms.',
    ];
    const items = [
      ...prose.map((line, i) => item(line, 72, 746 - i * 13, 430)),
      item('Table 1: Divisions and class sizes', 72, 680),
      // The header row: 'Largest class' wraps; 'Division' and 'Grades' sit between its lines.
      cell('Largest', 360, 652),
      cell('Division', 90, 645.3),
      cell('Grades', 230, 645.3),
      cell('class', 360, 637.8),
      // A row: 'Grades 9-12' wraps, the other cells centred.
      cell('Senior School', 90, 618.3),
      cell('Grades 9-', 230, 625),
      cell('12 students', 360, 618.3),
      cell('12', 230, 610.8),
      // A row whose first cell wraps over three lines.
      cell('Launchpad', 90, 591.3),
      cell('After', 230, 591.3),
      cell('Transition', 90, 584.6),
      cell('Grade 12', 230, 584.6),
      cell('6 students', 360, 584.6),
      cell('Program', 90, 577.1),
      item('Students are placed by skill as well as by age.', 72, 550),
    ];
    const blocks = layoutBlocks(pdfPageLines(items));
    const [table] = tables(blocks);
    expect(table!.rows).toEqual([
      'Senior School: Grades: Grades 9-12; Largest class: 12 students',
      'Launchpad Transition Program: Grades: After Grade 12; Largest class: 6 students',
    ]);
    expect(blocks[0]).toEqual({ kind: 'paragraph', text: prose.join(' ') });
    expect(blocks.at(-1)).toEqual({
      kind: 'paragraph',
      text: 'Students are placed by skill as well as by age.',
    });
  });

  it('joins a word or a figure that a narrow cell broke across its lines, and keeps two words apart', () => {
    // A word processor breaks what does not fit a narrow column at its edge: 'A$6,15' / '0'.
    const items = [
      item('Stage', 78, 675),
      item('Per term', 250, 675),
      item('Extensi', 400, 675),
      item('on', 400, 662),
      item('Junior School', 78, 645),
      item('A$6,15', 250, 645),
      item('ext. 150', 400, 645),
      item('0', 250, 632),
      item('Middle School', 78, 612),
      item('A$6,950', 250, 612),
      item('Monthly', 400, 612),
      item('fee', 400, 599),
    ];
    expect(
      tables(
        layoutBlocks(pdfPageLines(items), (w) => ['extension', 'monthly', 'fee'].includes(w.toLowerCase())),
      )[0]!.rows,
    ).toEqual([
      'Junior School: Per term: A$6,150; Extension: ext. 150',
      'Middle School: Per term: A$6,950; Extension: Monthly fee',
    ]);
  });

  it('splits a header set so tight that its cells read as one piece at the columns of the rows below', () => {
    const header = 'Annual tuition Per term Building levy (per year)';
    const rows = (headerPiece: ReturnType<typeof item>) => [
      item('Table 1: Tuition fees 2027', 58, 720),
      item('Stage', 129, 700),
      headerPiece,
      item('Junior School', 58, 683),
      item('A$24,600', 241, 683),
      item('A$6,150', 343, 683),
      item('A$900', 406, 683),
      item('Senior School', 58, 666),
      item('A$30,400', 241, 666),
      item('A$7,600', 343, 666),
      item('A$1,100', 406, 666),
    ];
    // Words 6.73 points wide a character: 'Per' starts at 342.8, 'Building' at 403.4.
    const tight = tables(layoutBlocks(pdfPageLines(rows(item(header, 241.8, 700, 323.2)))))[0]!;
    expect(tight.rows).toEqual([
      'Junior School: Annual tuition: A$24,600; Per term: A$6,150; Building levy (per year): A$900',
      'Senior School: Annual tuition: A$30,400; Per term: A$7,600; Building levy (per year): A$1,100',
    ]);
    // A piece whose words do not start at the columns is not cut at chance spaces.
    const [wide] = tables(
      layoutBlocks(pdfPageLines(rows(item('Fees for the year, by the term and levy', 241.8, 700, 323.2)))),
    );
    expect(wide?.text ?? '').not.toMatch(/Fees for the year,?:/);
    expect(wide?.rows.join(' ') ?? '').not.toContain('by the term:');
    // Nor a piece that does not itself start at a column of the rows below (their cells ran together).
    const merged = pdfPageLines([
      item('Stage', 84, 700),
      item('Largest class Staff to students', 151, 700, 206),
      item('Junior School', 58, 683),
      item('8 students', 151, 683),
      item('1:3', 243, 683),
      item('Middle School 10 students', 58, 666),
      item('1:4', 243, 666),
      item('Senior School 10 students', 58, 649),
      item('1:5', 243, 649),
    ]);
    const [ran] = tables(layoutBlocks(merged));
    expect(ran!.rows[0]).toBe('Junior School 8 students: 1:3');
    expect(ran!.text).toContain('Largest class Staff to students');
  });

  it.each([
    ['A$6,15', '0', 'A$6,150'],
    ['$24,6', '00 a year', '$24,600 a year'],
    ['12:3', '0 pm', '12:30 pm'],
    ['Fee: $', '395', 'Fee: $395'],
    ['(ext', '. 204)', '(ext. 204)'],
    ['Grades 9-', '12', 'Grades 9-12'],
    ['after-', 'school care', 'after-school care'],
    ['Occupational therap', 'ist', 'Occupational therapist'],
    // Two words, each on its own line, stay two words.
    ['Monthly', 'fee', 'Monthly fee'],
    ['ages 4 to', 'day', 'ages 4 to day'],
    ['$3,505', '000 families', '$3,505 000 families'],
    ['Dave Kowalc', 'zyk', 'Dave Kowalc zyk'],
    ['Grades 9 -', '12', 'Grades 9 - 12'],
    ['Admis-', 'sions office', 'Admissions office'],
  ])('joins the cell lines %j and %j as %j', (upper, lower, joined) => {
    const english = new Set(['occupational', 'therapist', 'monthly', 'fee', 'day', 'today', 'admissions']);
    expect(joinWrapped(upper, lower, (w) => english.has(w.toLowerCase()))).toBe(joined);
  });

  describe('a line that ends in a hyphen', () => {
    const english = englishWordsFromWordNet();

    it.each([
      // A word the typesetter hyphenated at the end of a justified line is made whole again.
      [
        'Families complete the regis-',
        'tration form online.',
        'Families complete the registration form online.',
      ],
      ['weekly occu-', 'pational therapy', 'weekly occupational therapy'],
      // A compound wrapped after its hyphen keeps it: both parts are words.
      ['Our speech-', 'language therapists', 'Our speech-language therapists'],
      ['the after-', 'school club', 'the after-school club'],
      // A name, or a word English does not know, keeps its hyphen.
      ['Ms Kowal-', 'czyk teaches', 'Ms Kowal-czyk teaches'],
      // Whatever its parts are ('man' and 'age' are words too), a whole English word is one word.
      ['how we man-', 'age anxiety', 'how we manage anxiety'],
    ])('%j + %j reads %j', (upper, lower, joined) => {
      expect(joinHyphenated(upper, lower, english)).toBe(joined);
    });

    it('reads "during" and "another" as English, though WordNet holds no prepositions or determiners', () => {
      expect(joinHyphenated('nursing care dur-', 'ing the day', english)).toBe('nursing care during the day');
      expect(joinHyphenated('one an-', 'other', english)).toBe('one another');
    });

    it('reads a soft hyphen where a PDF line broke at it as the hyphen it shows, and a ligature as its letters', () => {
      const items = [
        item('Families who wish to apply complete the regis\u00ad', 72, 700, 440),
        item('tration form and the \ufb01nancial aid form online.', 72, 687, 300),
      ];
      expect(layoutBlocks(pdfPageLines(items), english).map((b) => b.text)).toEqual([
        'Families who wish to apply complete the registration form and the financial aid form online.',
      ]);
    });

    it('keeps the hyphen without a dictionary (plain text)', () => {
      expect(joinHyphenated('the regis-', 'tration form')).toBe('the regis-tration form');
    });

    it('is read whole in a justified PDF paragraph', () => {
      const items = [
        item('Families who wish to apply complete the regis-', 72, 700, 440),
        item('tration form and pay the application fee online.', 72, 687, 300),
      ];
      expect(layoutBlocks(pdfPageLines(items), english).map((b) => b.text)).toEqual([
        'Families who wish to apply complete the registration form and pay the application fee online.',
      ]);
    });
  });

  it('keeps a row whose cells wrap, set at the top, with rows no further apart than lines', () => {
    const rows = [
      ['Fee', 'Amount', 'When charged'],
      ['Application fee', '$150', 'With the application'],
      ['Enrolment', '$1,200', 'With the'],
      ['deposit', '', 'signed contract'],
      ['Terry Fox Run', 'Friday,', 'Whole school,'],
      ['', 'October 2, 2026', 'along the river'],
      ['Junior School', 'Grade 1', '$9,000'],
      ['', 'Grade 2', '$9,500'],
      ['Lunch', '$5', 'Daily'],
      ['snack', '$2', 'Daily'],
    ];
    const x = [78, 200, 320];
    const items = rows.flatMap((cells, r) =>
      cells.flatMap((c, i) => (c ? [item(c, x[i]!, 700 - r * 12)] : [])),
    );
    expect(tables(layoutBlocks(pdfPageLines(items)))[0]!.rows).toEqual([
      'Application fee: Amount: $150; When charged: With the application',
      'Enrolment deposit: Amount: $1,200; When charged: With the signed contract',
      'Terry Fox Run: Amount: Friday, October 2, 2026; When charged: Whole school, along the river',
      'Junior School: Amount: Grade 1; When charged: $9,000',
      // A row under the same label (a merged cell): no cell goes on from the one above.
      'Junior School: Amount: Grade 2; When charged: $9,500',
      'Lunch: Amount: $5; When charged: Daily',
      // A label in lower case whose other cells start afresh is a row of its own.
      'snack: Amount: $2; When charged: Daily',
    ]);
  });

  it("keeps the last row's wrapped first cell in the table (cells set at the top of the row)", () => {
    const items = [
      item('Table 4: Tuition 2026-2027', 72, 700),
      item('Division', 78, 675),
      item('Annual tuition', 250, 675),
      item('Monthly', 400, 675),
      item('Senior School', 78, 655),
      item('$34,750', 250, 655),
      item('$3,505', 400, 655),
      item('Launchpad Transition', 78, 635),
      item('$27,600', 250, 635),
      item('$2,790', 400, 635),
      item('Program', 78, 622),
      item('Payment due dates: the annual payment is due July 1 and the monthly ones on the 5th.', 72, 595),
    ];
    const blocks = layoutBlocks(pdfPageLines(items));
    expect(tables(blocks)[0]!.rows).toEqual([
      'Senior School: Annual tuition: $34,750; Monthly: $3,505',
      'Launchpad Transition Program: Annual tuition: $27,600; Monthly: $2,790',
    ]);
    expect(blocks.at(-1)!.text).toMatch(/^Payment due dates/);
  });

  it.each([
    ['a bullet', '•', '•'],
    ["a symbol font's private-use bullet", '\uF0B7', '•'],
    ['a number', '2.', '2.'],
  ])(
    'reads a list item whose marker a tab stop sets apart (%s) as a list item, not a table row',
    (_, marker, shown) => {
      const items = [
        item('You can reach these people at the school office during term time:', 72, 700),
        item(marker, 90, 674, 5),
        item('Headteacher: Mrs Imogen Thackeray, ext. 201', 108, 674),
        item(marker, 90, 661, 5),
        item('SENCo: Ms Farah Qureshi, ext. 203', 108, 661),
      ];
      const blocks = layoutBlocks(pdfPageLines(items));
      expect(tables(blocks)).toEqual([]);
      expect(blocks.map((b) => b.text)).toEqual([
        'You can reach these people at the school office during term time:',
        `${shown} Headteacher: Mrs Imogen Thackeray, ext. 201`,
        `${shown} SENCo: Ms Farah Qureshi, ext. 203`,
      ]);
    },
  );

  it('reads a table with merged cells, and a one-line paragraph between two tables, as a word processor sets them', () => {
    const row = (y: number, ...cells: [string, number, number?][]) =>
      cells.map(([text, x, width]) => item(text, x, y, width));
    const items = [
      item('Tuition for each division is set out below.', 90, 740, 230),
      ...row(715, ['Division', 90], ['Year level', 234], ['Annual tuition', 378]),
      ...row(702, ['Junior School', 90], ['Prep', 234], ['$9,100', 378]),
      // The division's cell is merged down over its second row.
      ...row(689, ['Years 1 to 2', 234], ['$9,800', 378]),
      ...row(676, ['Senior School', 90], ['Years 3 to 6', 234], ['$11,200', 378]),
      ...row(663, ['Years 7 to 9', 234], ['$12,900', 378]),
      item('School terms for 2027 are listed below, with the holiday club.', 90, 650, 330),
      ...row(637, ['Term', 90], ['Starts', 234], ['Ends', 378]),
      ...row(624, ['Term 1', 90], ['3 February', 234], ['4 April', 378]),
      // Merged across 'Starts' and 'Ends': it runs past the start of the last column.
      ...row(611, ['Holiday club', 90], ['Runs every school holiday', 234, 150]),
      item('Fees are due at the start of each term.', 90, 585, 215),
    ];
    const blocks = layoutBlocks(pdfPageLines(items));
    expect(tables(blocks).map((t) => t.rows)).toEqual([
      [
        'Junior School: Year level: Prep; Annual tuition: $9,100',
        'Junior School: Year level: Years 1 to 2; Annual tuition: $9,800',
        'Senior School: Year level: Years 3 to 6; Annual tuition: $11,200',
        'Senior School: Year level: Years 7 to 9; Annual tuition: $12,900',
      ],
      ['Term 1: Starts: 3 February; Ends: 4 April', 'Holiday club: Starts: Runs every school holiday'],
    ]);
    // The paragraph between is the second table's caption, not a wrapped cell of the first.
    expect(tables(blocks)[1]!.caption).toBe('School terms for 2027 are listed below, with the holiday club.');
  });

  it('reads on through a list item that wraps when its bullet is drawn larger than its text', () => {
    const sized = (str: string, x: number, y: number, size: number, width = str.length * size * 0.5) => ({
      str,
      transform: [size, 0, 0, size, x, y],
      width,
      height: size,
    });
    // A PDF library's default list: a 12-point bullet before 10-point text, wrapped under the text.
    const items = [
      sized(
        'Fees are charged per term, and there are three terms in the school year ahead.',
        72,
        700,
        10,
        440,
      ),
      sized('•', 78, 682, 12, 4),
      sized('Junior department (Years 4 to 6): £9,850 per term', 96, 682, 10),
      sized('•', 78, 664, 12, 4),
      sized('Enhanced support package, for pupils who need an additional adult: £4,200', 96, 664, 10, 416),
      sized('per term on top of the fees above', 96, 652, 10),
      sized('•', 78, 634, 12, 4),
      sized('Sixth Form (Years 12 and 13): £11,950 per term', 96, 634, 10),
    ];
    expect(layoutBlocks(pdfPageLines(items)).map((b) => b.text)).toEqual([
      'Fees are charged per term, and there are three terms in the school year ahead.',
      '• Junior department (Years 4 to 6): £9,850 per term',
      '• Enhanced support package, for pupils who need an additional adult: £4,200 per term on top of the fees above',
      '• Sixth Form (Years 12 and 13): £11,950 per term',
    ]);
  });

  it('keeps a paragraph set in a narrow box whole: its lines end short but go on in lower case', () => {
    const wide = 'Hot lunch is prepared on site every day by our own kitchen team, and the';
    const box = [
      'Important: children who bring a',
      'packed lunch must not bring any food',
      'containing nuts, sesame or kiwi.',
    ];
    const items = [
      item(wide, 72, 700, 440),
      item('whole campus is nut-free.', 72, 687),
      ...box.map((line, i) => item(line, 80, 655 - i * 13, 200)),
    ];
    expect(layoutBlocks(pdfPageLines(items)).map((b) => b.text)).toEqual([
      `${wide} whole campus is nut-free.`,
      box.join(' '),
    ]);
  });

  it('reads on across a page break in mid-sentence, past the running header and footer', () => {
    const small = (str: string, x: number, y: number, width: number) => ({
      ...item(str, x, y, width),
      transform: [8, 0, 0, 8, x, y],
      height: 8,
    });
    const full = (str: string, y: number) => item(str, 72, y, 440);
    const subjects = ['Art', 'Music', 'Drama', 'Sport'];
    const pages = subjects.map((subject, n) =>
      pdfPageLines([
        small('Wattle Grove School · Parent Handbook 2027', 300, 800, 260),
        full(`${subject} fees: families who hold a current Health Care Card or Pensioner Concession`, 700),
        full('Card can apply for fee assistance of up to 40% of tuition, and applications', 687),
        item(`for ${subject.toLowerCase()} close on 30 November.`, 72, 674),
        full(`${subject} therapy for children with motor goals takes place in the`, 100),
        small(`Page ${n + 1} of 4`, 280, 40, 40),
      ]),
    );
    const texts = layoutBlocks(pdfDocumentLines(pages)).map((b) => b.text);
    // One paragraph: the header, in smaller type and wider than the text, does not make its lines end short.
    expect(texts[0]).toBe(
      'Art fees: families who hold a current Health Care Card or Pensioner Concession Card can apply for fee assistance of up to 40% of tuition, and applications for art close on 30 November.',
    );
    // The sentence at the foot of page 1 goes on at the top of page 2, although it goes on with a capital.
    expect(texts[1]).toMatch(
      /^Art therapy for children with motor goals takes place in the Music fees: families/,
    );
    expect(texts.filter((t) => /^Page \d/.test(t))).toHaveLength(1);
  });

  it('starts a new paragraph on the next page after a line that ends a sentence or ends short', () => {
    const edge = (n: number) =>
      item(`Prose line number ${'x'.repeat(n)} that sets the right edge of the text`, 72, 400, 440);
    const pages = [
      [item('Uniform is worn every day except on the last Friday of each term.', 72, 100, 440)],
      [item('Buses leave the main gate at 3:30 pm.', 72, 700)],
      [item('Contact the office', 72, 100)],
      [item('Phone 555 0100 between 8 am and 4 pm.', 72, 700)],
    ].map((items, n) => pdfPageLines([...items, edge(n)]));
    const texts = layoutBlocks(pdfDocumentLines(pages)).map((b) => b.text);
    expect(texts).toContain('Buses leave the main gate at 3:30 pm.');
    expect(texts).toContain('Phone 555 0100 between 8 am and 4 pm.');
  });

  it('starts an item at a bullet typed in the line, after an item wrapped under a hanging indent', () => {
    const items = [
      item('● any speech pathology or occupational therapy reports from the last two', 90, 680, 415),
      item('years', 108, 667),
      item('● the last two school reports and any Individual Education Plan from the', 90, 654, 405),
      item('previous school', 108, 641),
      item("● your child's NDIS plan, if they have one", 90, 628),
    ];
    expect(layoutBlocks(pdfPageLines(items)).map((b) => b.text)).toEqual([
      '● any speech pathology or occupational therapy reports from the last two years',
      '● the last two school reports and any Individual Education Plan from the previous school',
      "● your child's NDIS plan, if they have one",
    ]);
  });

  it('keeps the items of a list whose bullets are drawn apart, also when they start in lower case', () => {
    const prose = 'Please send these documents with the application form, by post or by email to the office:';
    const items = [
      item(prose, 72, 700, 440),
      item("a copy of your child's birth certificate", 92, 680),
      item('diagnostic reports from a paediatrician, psychologist or psychiatrist', 92, 667),
      item('the last two school reports and any Individual Education Plan from the', 92, 654, 420),
      item('previous school', 92, 641),
      item("your child's NDIS plan, if they have one", 92, 628),
      item('Trial days are arranged after the documents arrive and are read.', 72, 600, 400),
    ];
    expect(layoutBlocks(pdfPageLines(items)).map((b) => b.text)).toEqual([
      prose,
      "a copy of your child's birth certificate",
      'diagnostic reports from a paediatrician, psychologist or psychiatrist',
      'the last two school reports and any Individual Education Plan from the previous school',
      "your child's NDIS plan, if they have one",
      'Trial days are arranged after the documents arrive and are read.',
    ]);
  });

  it('starts a paragraph after a line that ended short, with no gap (a list whose bullets are drawn)', () => {
    const wrapped = 'Our office is staffed from eight until half past four on every school day, and';
    const items = [
      item(wrapped, 72, 700, 440),
      item('closes for the summer in August.', 72, 687),
      item('Headteacher: Mrs Imogen Thackeray, ext. 201', 102, 661),
      item('Deputy Head (Pastoral) and Designated Safeguarding Lead: Mr Rhys', 102, 648, 410),
      item('Pendleton, ext. 202', 102, 635),
      item('SENCo: Ms Farah Qureshi, ext. 203', 102, 622),
    ];
    const blocks = layoutBlocks(pdfPageLines(items));
    expect(blocks.map((b) => b.text)).toEqual([
      `${wrapped} closes for the summer in August.`,
      'Headteacher: Mrs Imogen Thackeray, ext. 201',
      'Deputy Head (Pastoral) and Designated Safeguarding Lead: Mr Rhys Pendleton, ext. 202',
      'SENCo: Ms Farah Qureshi, ext. 203',
    ]);
  });
});

describe('chunks', () => {
  const paragraph = (words: number, seed: string) =>
    `${Array.from({ length: words }, (_, i) => `${seed}${i}`).join(' ')}.`;

  it('merges short sibling sections under their common heading path, each heading kept in the text', () => {
    const blocks: TextBlock[] = [
      { kind: 'heading', level: 1, text: 'Fees' },
      { kind: 'heading', level: 2, text: 'Tuition' },
      { kind: 'paragraph', text: 'Tuition is $30,000.' },
      { kind: 'heading', level: 2, text: 'Deposit' },
      { kind: 'paragraph', text: 'The deposit is $1,200.' },
    ];
    expect(chunkBlocks(blocks)).toEqual([
      {
        index: 0,
        heading: 'Fees',
        text: 'Fees\nTuition\nTuition is $30,000.\n\nDeposit\nThe deposit is $1,200.',
        tokenCount: countTokens('Fees\nTuition\nTuition is $30,000.\n\nDeposit\nThe deposit is $1,200.'),
      },
    ]);
  });

  it('starts a chunk at a heading when the next section does not fit', () => {
    const blocks: TextBlock[] = [
      { kind: 'heading', level: 1, text: 'One' },
      { kind: 'paragraph', text: paragraph(150, 'a') },
      { kind: 'heading', level: 1, text: 'Two' },
      { kind: 'paragraph', text: paragraph(150, 'b') },
    ];
    const chunks = chunkBlocks(blocks, { targetTokens: 200, minSectionTokens: 100 });
    expect(chunks.map((c) => c.heading)).toEqual(['One', 'Two']);
    expect(chunks[1]!.text.startsWith('Two\n')).toBe(true);
  });

  it('never cuts a table row, and goes on under the caption in the next chunk', () => {
    const rows = Array.from(
      { length: 30 },
      (_, i) => `Event ${i}: Date: June ${i + 1}, 2027; Details: Room ${i}`,
    );
    const blocks: TextBlock[] = [
      { kind: 'heading', level: 1, text: 'Calendar' },
      { kind: 'table', caption: 'Key dates', header: 'Event | Date | Details', rows, text: rows.join('\n') },
    ];
    const chunks = chunkBlocks(blocks, { targetTokens: 150 });
    expect(chunks.length).toBeGreaterThan(2);
    const lines = chunks.flatMap((c) => c.text.split('\n'));
    for (const row of rows) expect(lines).toContain(row);
    for (const chunk of chunks.slice(1)) expect(chunk.text.startsWith('Key dates\nEvent')).toBe(true);
  });

  it('repeats the last sentence when it cuts inside a section, never inside a word', () => {
    const text = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} says something.`).join(' ');
    const chunks = chunkBlocks([{ kind: 'paragraph', text }], { targetTokens: 100, overlapTokens: 20 });
    expect(chunks.length).toBeGreaterThan(1);
    const previousLast = chunks[0]!.text.split(/(?<=\.)\s+/).at(-1)!;
    expect(chunks[1]!.text.startsWith(previousLast)).toBe(true);
    const words = new Set(text.split(' '));
    for (const chunk of chunks) for (const word of chunk.text.split(/\s+/)) expect(words).toContain(word);
  });

  it('lets headings at the very end reach a chunk', () => {
    const chunks = chunkBlocks([
      { kind: 'paragraph', text: 'Welcome.' },
      { kind: 'heading', level: 1, text: 'Appendix' },
    ]);
    expect(chunks.map((c) => c.text).join('\n')).toContain('Appendix');
  });
});
