import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FaqAccordion } from '../src/features/marketing/components/faq-accordion';
import { FAQ } from '../src/features/marketing/content';

describe('FAQ accordion', () => {
  it('has the 6 questions, all closed at first', () => {
    render(<FaqAccordion items={FAQ} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(6);
    for (const button of buttons) expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens one answer at a time, and clicking the open one closes it', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={FAQ} />);
    const [first, second] = screen.getAllByRole('button');
    const firstAnswer = document.getElementById(first!.getAttribute('aria-controls')!)!;
    const secondAnswer = document.getElementById(second!.getAttribute('aria-controls')!)!;

    await user.click(first!);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(firstAnswer).toBeVisible();
    expect(firstAnswer).toHaveTextContent(FAQ[0].answer);

    await user.click(second!);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(firstAnswer).not.toBeVisible();
    expect(secondAnswer).toBeVisible();

    await user.click(second!);
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(secondAnswer).not.toBeVisible();
    expect(screen.getAllByRole('button').every((b) => b.getAttribute('aria-expanded') === 'false')).toBe(true);
  });
});
