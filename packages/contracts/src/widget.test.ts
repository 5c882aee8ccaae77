import { describe, expect, it } from 'vitest';
import { isAllowedWidgetImage } from './widget';

const allowed = { ownOrigin: 'https://admissions.school.example', hosts: ['cdn.school.example'] };

describe('isAllowedWidgetImage', () => {
  it.each([
    '/uploads/logo.png',
    '/api/widget/images/abc',
    'https://admissions.school.example/x.png',
    'https://cdn.school.example/x.png',
  ])('allows %s', (url) => expect(isAllowedWidgetImage(url, allowed)).toBe(true));

  it.each([
    '//tracker.example/x.png',
    '/\\tracker.example/x.png',
    '\\\\tracker.example/x.png',
    'https://tracker.example/x.png',
    'http://cdn.school.example/x.png',
    'https://cdn.school.example.tracker.example/x.png',
    'https://cdn.school.example@tracker.example/x.png',
    'https://admissions.school.example.tracker.example/x.png',
    'data:image/png;base64,AAAA',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s', (url) => expect(isAllowedWidgetImage(url, allowed)).toBe(false));

  it('allows only paths when no origin or host is configured', () => {
    const none = { ownOrigin: null, hosts: [] };
    expect(isAllowedWidgetImage('/logo.png', none)).toBe(true);
    expect(isAllowedWidgetImage('https://cdn.school.example/x.png', none)).toBe(false);
  });
});
