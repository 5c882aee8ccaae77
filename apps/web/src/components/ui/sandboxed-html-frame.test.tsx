import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SandboxedHtmlFrame, toSandboxDocument } from './sandboxed-html-frame';

describe('SandboxedHtmlFrame', () => {
  it('shows HTML in a frame sandboxed with no allowance at all: no scripts, no same origin', () => {
    render(<SandboxedHtmlFrame html={'<img src=x onerror="alert(1)">'} title="Email preview" />);
    const frame = screen.getByTitle('Email preview');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('sandbox')).not.toMatch(/allow-/);
    expect(frame).not.toHaveAttribute('src');
    expect(frame.getAttribute('srcdoc')).toContain('<img src=x onerror="alert(1)">');
  });

  it('puts a policy forbidding scripts ahead of the HTML, as a second lock', () => {
    const document = toSandboxDocument('<p>Hello</p>');
    const policyAt = document.indexOf('Content-Security-Policy');
    expect(policyAt).toBeGreaterThan(-1);
    expect(policyAt).toBeLessThan(document.indexOf('<p>Hello</p>'));
    expect(document).toContain("default-src 'none'");
    expect(document).not.toMatch(/script-src/);
  });
});
