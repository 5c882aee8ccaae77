import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ColorField } from './color-field';

const MESSAGE = 'Please enter a valid hex color (e.g., #4F46E5)';

function setup(initial = '#4F46E5') {
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <ColorField
        label="Primary colour"
        value={value}
        onChange={(hex) => {
          onChange(hex);
          setValue(hex);
        }}
      />
    );
  }
  render(<Harness />);
  return { onChange, user: userEvent.setup(), field: screen.getByLabelText('Primary colour') };
}

describe('ColorField', () => {
  it.each(['#abc', '#12345G', 'teal', '4F46E5', '#4F46E'])(
    'refuses %s with the spec message and does not apply it',
    async (bad) => {
      const { onChange, user, field } = setup();
      await user.clear(field);
      await user.type(field, bad);
      expect(screen.getByText(MESSAGE)).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(onChange).not.toHaveBeenCalled();
    },
  );

  it('applies a #RRGGBB colour, in capitals, as soon as it is complete', async () => {
    const { onChange, user, field } = setup();
    await user.clear(field);
    await user.type(field, '#0f766e');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('#0F766E');
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
  });

  it('offers the 12 quick colours and applies one with a click', async () => {
    const { onChange, user, field } = setup();
    const quick = screen.getByRole('group', { name: 'Primary colour quick colours' });
    const swatches = quick.querySelectorAll('button');
    expect(swatches).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: '#B91C1C' }));
    expect(onChange).toHaveBeenCalledWith('#B91C1C');
    expect(field).toHaveValue('#B91C1C');
  });

  it('shows a contrast warning beside the field without blocking it', () => {
    render(
      <ColorField label="Text colour" value="#9CA3AF" onChange={() => {}} warning="Low contrast 2.5:1" />,
    );
    expect(screen.getByLabelText('Text colour')).toHaveAccessibleDescription('Low contrast 2.5:1');
  });
});
