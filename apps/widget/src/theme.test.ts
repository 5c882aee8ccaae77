import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, imageSource, initialsOf, mergeConfig } from './config';
import { contrastRatio, INK, textOn, WHITE } from './contrast';
import { themeVariables } from './theme';

const AA = 4.5;

describe('the widget keeps its text readable whatever colours the school chose', () => {
  it('puts white text on the default indigo and dark text on a pale yellow', () => {
    expect(textOn('#4F46E5')).toBe(WHITE);
    expect(textOn('#FACC15')).toBe(INK);
  });

  it.each([
    ['the defaults', {}],
    ['a pale primary on white', { primary_color: '#FDE68A', secondary_color: '#FEF3C7' }],
    ['grey text on a dark background', { background_color: '#111827', text_color: '#374151' }],
    ['a mid-tone primary', { primary_color: '#888888', secondary_color: '#999999' }],
    ['text the colour of the background', { background_color: '#F3F4F6', text_color: '#F3F4F6' }],
  ])('reaches AA everywhere with %s', (_name, colours) => {
    const v = themeVariables(mergeConfig({ ...DEFAULT_CONFIG, ...colours }));
    const pairs: [string, string][] = [
      [v['--lw-on-primary']!, v['--lw-primary']!],
      [v['--lw-text']!, v['--lw-bg']!],
      [v['--lw-bot-text']!, v['--lw-bot-bg']!],
      [v['--lw-link']!, v['--lw-bg']!],
      [v['--lw-muted']!, v['--lw-bg']!],
    ];
    for (const [fg, bg] of pairs) expect(contrastRatio(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(AA);
    // The header is a gradient: its text must read on both ends (AA large text at worst for mid-tones).
    const header = v['--lw-on-header']!;
    const worst = Math.min(
      contrastRatio(header, v['--lw-primary']!),
      contrastRatio(header, v['--lw-secondary']!),
    );
    expect(worst).toBeGreaterThanOrEqual(3);
  });
});

describe('the settings the widget reads', () => {
  it('keeps the spec defaults when the config call fails', () => {
    expect(mergeConfig(null)).toEqual(DEFAULT_CONFIG);
    expect(DEFAULT_CONFIG).toMatchObject({
      primary_color: '#4F46E5',
      secondary_color: '#7C3AED',
      background_color: '#FFFFFF',
      text_color: '#1F2937',
      accent_color: '#10B981',
      border_radius: '12px',
      school_name: 'My Academy',
      chatbot_name: 'School Assistant',
    });
  });

  it('takes valid values and ignores odd ones field by field', () => {
    const config = mergeConfig({
      chatbot_name: 'Wren',
      primary_color: 'red; background: url(x)',
      position: 'middle',
      border_radius: '99px',
      auto_open_delay: '5',
      avatar_url: null,
    });
    expect(config.chatbot_name).toBe('Wren');
    expect(config.primary_color).toBe('#4F46E5');
    expect(config.position).toBe('bottom-right');
    expect(config.border_radius).toBe('12px');
    expect(config.auto_open_delay).toBe(5);
    expect(config.avatar_url).toBeNull();
  });

  it('loads images only from the server or over http(s)', () => {
    expect(imageSource('/files/logo.png', 'https://school.example')).toBe(
      'https://school.example/files/logo.png',
    );
    expect(imageSource('https://cdn.example/a.png', 'https://x')).toBe('https://cdn.example/a.png');
    expect(imageSource('javascript:alert(1)', 'https://x')).toBeNull();
    expect(imageSource('//evil.example/a.png', 'https://x')).toBeNull();
    expect(imageSource(null, 'https://x')).toBeNull();
  });

  it('makes initials from one or several words', () => {
    expect(initialsOf('School Assistant')).toBe('SA');
    expect(initialsOf('Wren')).toBe('W');
    expect(initialsOf('Mary Ann de la Cruz')).toBe('MC');
    expect(initialsOf('  ')).toBe('?');
  });
});
