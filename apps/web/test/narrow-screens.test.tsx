// What keeps the shared pieces readable on a narrow phone (320 and 390 px), as far as the DOM shows it
// (jsdom lays nothing out; the overflow sweep in e2e/overflow-sweep.spec.ts looks at the real pages):
// a number range never breaks at its dash, a button's icons never shrink, a select's long option ends in
// an ellipsis, and the course code box is never squeezed below its placeholder.
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Pencil, Trash2 } from 'lucide-react';
import { MemoryRouter } from 'react-router';
import { Button, ButtonLink } from '../src/components/ui/button';
import { CourseCodes } from '../src/components/ui/course-codes';
import { keepRangesTogether } from '../src/components/ui/range-text';
import { Select } from '../src/components/ui/select';

describe('number ranges', () => {
  it('wraps "40-60%" and "40–60%" in a nowrap span, leaving the text exactly as it was', () => {
    const hyphen = 'Used books usually sell for 40-60% of the original price.';
    const enDash = 'Used books usually sell for 40–60% of the new price';
    render(
      <>
        <p data-testid="hyphen">{keepRangesTogether(hyphen)}</p>
        <p data-testid="en-dash">{keepRangesTogether(enDash)}</p>
      </>,
    );
    const first = screen.getByTestId('hyphen');
    expect(first.textContent).toBe(hyphen);
    expect(within(first).getByText('40-60%')).toHaveClass('whitespace-nowrap');
    const second = screen.getByTestId('en-dash');
    expect(second.textContent).toBe(enDash);
    expect(within(second).getByText('40–60%')).toHaveClass('whitespace-nowrap');
  });

  it('wraps every range of a text, and nothing in a hyphenated number that is no range', () => {
    const text = 'Add 4–6 photos; 40-60% of R500 is R200-R300. ISBN 978-0-13-404228-2, listed 2026-03-01.';
    render(<p data-testid="text">{keepRangesTogether(text)}</p>);
    const paragraph = screen.getByTestId('text');
    expect(paragraph.textContent).toBe(text);
    expect(Array.from(paragraph.querySelectorAll('span.whitespace-nowrap'), (span) => span.textContent)).toEqual(['4–6', '40-60%']);
  });

  it('gives back a text without a range, and anything that is not a string, as it is', () => {
    expect(keepRangesTogether('Duplicate listing')).toBe('Duplicate listing');
    expect(keepRangesTogether(null)).toBeNull();
    const element = <strong>40-60%</strong>;
    expect(keepRangesTogether(element)).toBe(element);
  });
});

describe('Button', () => {
  it('never lets an icon shrink, in a button, a link styled as one and an asChild element', () => {
    render(
      <MemoryRouter>
        <Button>
          <Trash2 aria-hidden="true" size={18} /> Withdraw
        </Button>
        <ButtonLink to="/seller/sell">
          <Pencil aria-hidden="true" size={18} /> Sell a Book
        </ButtonLink>
        <Button asChild>
          <a href="/books">
            <Pencil aria-hidden="true" size={18} /> Browse
          </a>
        </Button>
      </MemoryRouter>,
    );
    for (const control of [screen.getByRole('button', { name: 'Withdraw' }), screen.getByRole('link', { name: 'Sell a Book' }), screen.getByRole('link', { name: 'Browse' })]) {
      // [&_svg]:shrink-0 is flex-shrink: 0 on every <svg> inside: a label that does not fit cannot squash its icon away.
      expect(control).toHaveClass('[&_svg]:shrink-0');
      expect(control.querySelector('svg')).not.toBeNull();
    }
  });
});

describe('Select', () => {
  it('ends a long option in an ellipsis, clear of the arrow, and may shrink with its column', () => {
    render(
      <Select
        aria-label="University"
        defaultValue="sefako"
        options={[{ value: 'sefako', label: 'Sefako Makgatho Health Sciences University' }]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'University' });
    // truncate: overflow hidden, text-overflow ellipsis, white-space nowrap; pr-10 keeps the text off the arrow.
    expect(select).toHaveClass('truncate', 'pr-10', 'w-full');
    expect(select.parentElement).toHaveClass('relative', 'min-w-0');
    expect(select).toHaveDisplayValue('Sefako Makgatho Health Sciences University');
  });
});

describe('CourseCodes', () => {
  it('keeps the box at least as wide as its placeholder, moving Add under it rather than squeezing it', () => {
    render(<CourseCodes id="courses" value={[]} onChange={() => undefined} university="wits" max={5} tooMany="At most 5 course codes" />);
    const input = screen.getByPlaceholderText('e.g. MATH1014');
    // At least 11rem (the placeholder and the box's padding), growing into the row's spare width.
    expect(input).toHaveClass('basis-44', 'grow', 'min-w-0');
    // Typed codes are shown in capitals; the placeholder is shown as it is written.
    expect(input).toHaveClass('uppercase', 'placeholder:normal-case');
    const row = input.parentElement!;
    expect(row).toHaveClass('flex', 'flex-wrap');
    expect(within(row).getByRole('button', { name: 'Add course code' })).toBeInTheDocument();
  });
});
