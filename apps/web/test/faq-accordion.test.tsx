import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FaqAccordion } from '../src/features/marketing/components/faq-accordion';
import { FAQ } from '../src/features/marketing/content';

describe('FAQ accordion', () => {
  it('keeps a range such as "40-60%" on one line in an answer, the answer\'s text unchanged', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={FAQ} />);
    const question = screen.getByRole('button', { name: 'How much should I ask for my used books?' });
    await user.click(question);
    const answer = screen.getByRole('region', { name: 'How much should I ask for my used books?' });
    expect(answer.textContent).toBe(FAQ[2].answer);
    expect(within(answer).getByText('40-60%')).toHaveClass('whitespace-nowrap');
  });

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
