import { ENROLL_DEFAULT_BRANDING } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { brandStyle, contrastRatio, parseHexColor, textColorOn } from './branding';

const rgb = (hex: string) => {
  const color = parseHexColor(hex);
  if (!color) throw new Error(`not a colour: ${hex}`);
  return color;
};
type Colors = { primary_color: string; secondary_color: string; accent_color: string };
/** The style's CSS variables, each read as a colour (a missing one fails the test). */
const vars = (colors: Colors) => {
  const style = brandStyle(colors) as Record<string, string | undefined>;
  return (name: string) => rgb(style[name] ?? `missing ${name}`);
};

describe('brand colours', () => {
  it('reads long and short hex colours and refuses anything else', () => {
    expect(parseHexColor('#4F46E5')).toEqual([79, 70, 229]);
    expect(parseHexColor('fff')).toEqual([255, 255, 255]);
    expect(parseHexColor('rebeccapurple')).toBeNull();
    expect(parseHexColor('#12345')).toBeNull();
  });

  it('puts white text on a dark colour and dark text on a light one', () => {
    expect(textColorOn(rgb('#4F46E5'))).toEqual([255, 255, 255]);
    expect(textColorOn(rgb('#FACC15'))).toEqual([15, 23, 42]);
  });

  it('keeps the default primary as it is, with white text', () => {
    const color = vars(ENROLL_DEFAULT_BRANDING);
    expect(color('--enroll-primary')).toEqual(rgb('#4f46e5'));
    expect(color('--enroll-primary-text')).toEqual(rgb('#ffffff'));
  });

  it('gives every header and button text at least 4.5:1 whatever the school picked', () => {
    const white = rgb('#ffffff');
    const schools: Colors[] = [
      { primary_color: '#4F46E5', secondary_color: '#7C3AED', accent_color: '#10B981' },
      { primary_color: '#FFFF00', secondary_color: '#FDE68A', accent_color: '#FFFFFF' },
      { primary_color: '#777777', secondary_color: '#000000', accent_color: '#7DD3FC' },
      { primary_color: '#10B981', secondary_color: '#22D3EE', accent_color: '#1E3A8A' },
    ];
    for (const colors of schools) {
      const color = vars(colors);
      const headerText = color('--enroll-header-text');
      expect(contrastRatio(color('--enroll-header-from'), headerText)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(color('--enroll-header-to'), headerText)).toBeGreaterThanOrEqual(4.5);
      const buttonText = color('--enroll-primary-text');
      expect(contrastRatio(color('--enroll-primary'), buttonText)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(color('--enroll-primary-hover'), buttonText)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(color('--enroll-accent'), color('--enroll-accent-text'))).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(contrastRatio(color('--enroll-ring'), white)).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(color('--enroll-accent-mark'), white)).toBeGreaterThanOrEqual(3);
    }
  });

  it('falls back to the default colour for a value it cannot read', () => {
    const color = vars({ primary_color: 'blue', secondary_color: '', accent_color: '#10B981' });
    expect(color('--enroll-primary')).toEqual(rgb('#4f46e5'));
    expect(color('--enroll-header-from')).toEqual(rgb('#7c3aed'));
  });
});
