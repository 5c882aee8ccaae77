import { describe, expect, it } from 'vitest';
import { isHiddenSegment, segmentCloneName, segmentDisplayName } from './segments';

describe('segmentDisplayName', () => {
  it.each([
    ['early-years', 'early years'],
    ['adhd-families', 'adhd families'],
    ['Autism - Immediate', 'Autism - Immediate'],
    ['K-12 families', 'K-12 families'],
    ['waitlist', 'waitlist'],
  ])('shows %s as %s', (name, shown) => {
    expect(segmentDisplayName(name)).toBe(shown);
  });

  it('shows a copy of a slug-named segment with spaces, as its original is shown', () => {
    expect(segmentDisplayName('early-years (Copy)')).toBe('early years (Copy)');
    expect(segmentDisplayName('early-years (Copy) (Copy)')).toBe('early years (Copy) (Copy)');
    expect(segmentDisplayName('Autism - Immediate (Copy)')).toBe('Autism - Immediate (Copy)');
  });
});

describe('segmentCloneName', () => {
  it('offers the name as the cards show it, plus (Copy)', () => {
    expect(segmentCloneName('early-years')).toBe('early years (Copy)');
    expect(segmentCloneName('Autism - Immediate')).toBe('Autism - Immediate (Copy)');
    expect(segmentCloneName('early years (Copy)')).toBe('early years (Copy) (Copy)');
  });

  it('gives a clone that is shown as it was offered', () => {
    for (const name of ['early-years', 'adhd-families', 'Autism - Immediate', 'K-12 families']) {
      const clone = segmentCloneName(name);
      expect(segmentDisplayName(clone)).toBe(clone);
      expect(clone).toBe(`${segmentDisplayName(name)} (Copy)`);
    }
  });
});

describe('isHiddenSegment', () => {
  it.each([
    [{ name: 'all-active-leads', never_contact: false }, true],
    [{ name: 'never-contact', never_contact: false }, true],
    [{ name: ' Do Not Contact ', never_contact: false }, true],
    [{ name: 'Families who asked not to be emailed', never_contact: true }, true],
    [{ name: 'early-years', never_contact: false }, false],
  ])('hides %o: %s', (segment, isHidden) => {
    expect(isHiddenSegment(segment)).toBe(isHidden);
  });
});
