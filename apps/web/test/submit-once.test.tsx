// useSubmitOnce (lib/form.ts): a form's submit acts once however fast it is tapped, lets go after a
// failure or a rejected check, and stays taken after a success that leaves the page.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LEAVES_PAGE, useFirstIssueForm, useSubmitOnce, type SchemaSource } from '../src/lib/form';
import { renderAt } from './helpers';

interface Values {
  name: string;
}

const acceptingSchema = { safeParse: (value: unknown) => ({ success: true as const, data: value as Values }) };
const accepting: SchemaSource<Values> = acceptingSchema;
const refusing: SchemaSource<Values> = {
  safeParse: () => ({ success: false, error: { issues: [{ path: ['name'], message: 'Say your name' }] } }),
};

function TestForm(props: {
  schema: SchemaSource<Values>;
  onValid: (values: Values) => Promise<typeof LEAVES_PAGE | void>;
  onInvalid?: () => void;
  onCheckFailed?: () => void;
  onBusy?: () => void;
}) {
  const form = useFirstIssueForm<Values, Values>(props.schema, { name: 'Thandi' });
  const { onSubmit, busy } = useSubmitOnce(form, props.onValid, {
    onInvalid: props.onInvalid ?? (() => {}),
    ...(props.onCheckFailed && { onCheckFailed: props.onCheckFailed }),
    ...(props.onBusy && { onBusy: props.onBusy }),
  });
  return (
    <form onSubmit={onSubmit} aria-label="Test">
      <input aria-label="Name" {...form.field('name')} />
      <button type="submit">{busy ? 'Sending...' : 'Send'}</button>
    </form>
  );
}

/** A promise the test settles, and how many times the action started. */
function pending() {
  let settle: (value: typeof LEAVES_PAGE | void) => void = () => {};
  const onValid = vi.fn(() => new Promise<typeof LEAVES_PAGE | void>((resolve) => (settle = resolve)));
  return { onValid, settle: (value?: typeof LEAVES_PAGE) => settle(value) };
}

describe('a form that acts once', () => {
  it('three submits in the same instant send once; the second and third are told it is busy', async () => {
    const action = pending();
    const onBusy = vi.fn();
    renderAt(<TestForm schema={accepting} onValid={action.onValid} onBusy={onBusy} />);
    const form = screen.getByRole('form', { name: 'Test' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeInTheDocument();
    expect(action.onValid).toHaveBeenCalledTimes(1);
    expect(action.onValid).toHaveBeenCalledWith({ name: 'Thandi' });
    expect(onBusy).toHaveBeenCalledTimes(2);

    // Settled without leaving: the form may be sent again.
    action.settle();
    expect(await screen.findByRole('button', { name: 'Send' })).toBeInTheDocument();
    fireEvent.submit(form);
    await waitFor(() => expect(action.onValid).toHaveBeenCalledTimes(2));
  });

  it('a success that leaves the page keeps the form taken', async () => {
    const action = pending();
    const onBusy = vi.fn();
    renderAt(<TestForm schema={accepting} onValid={action.onValid} onBusy={onBusy} />);
    const form = screen.getByRole('form', { name: 'Test' });
    fireEvent.submit(form);
    await waitFor(() => expect(action.onValid).toHaveBeenCalledTimes(1));
    action.settle(LEAVES_PAGE);
    fireEvent.submit(form);
    await waitFor(() => expect(onBusy).toHaveBeenCalledTimes(1));
    expect(action.onValid).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeInTheDocument();
  });

  it('values that fail the check are reported, nothing is sent, and the form is free again', async () => {
    const action = pending();
    const onInvalid = vi.fn();
    renderAt(<TestForm schema={refusing} onValid={action.onValid} onInvalid={onInvalid} />);
    const form = screen.getByRole('form', { name: 'Test' });
    fireEvent.submit(form);
    await waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(1));
    fireEvent.submit(form);
    await waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(2));
    expect(action.onValid).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('rules that cannot be loaded (offline on the first submit) are reported, and the next submit tries again', async () => {
    const action = pending();
    const onCheckFailed = vi.fn();
    const loader = vi.fn<() => Promise<typeof acceptingSchema>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(acceptingSchema);
    renderAt(<TestForm schema={loader} onValid={action.onValid} onCheckFailed={onCheckFailed} />);
    const form = screen.getByRole('form', { name: 'Test' });
    fireEvent.submit(form);
    await waitFor(() => expect(onCheckFailed).toHaveBeenCalledTimes(1));
    expect(action.onValid).not.toHaveBeenCalled();
    fireEvent.submit(form);
    await waitFor(() => expect(action.onValid).toHaveBeenCalledTimes(1));
  });
});
