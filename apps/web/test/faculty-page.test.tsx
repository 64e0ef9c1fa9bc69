// Faculty page: department depends on the faculty (disabled until one is chosen, cleared when it
// changes), the button labels, the Academic Status card, saving, the 24-hour rule and no form at all
// without a student number.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role, Student } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { type Call, dashboardShell, json, mockApi, renderApp, requestsTo, signedInAs, studentWith as harnessStudent } from './harness';

// Signed-in pages sit in the dashboard frame, which makes its own requests.
beforeEach(() => {
  mockApi(dashboardShell);
});

/** The student these tests sign in as, whatever the role. */
const studentWith = (role: Role, extra: Partial<Student> = {}) =>
  harnessStudent(role, { id: 'stu_4f9a2c7e1b3d', email: 'thandi@students.wits.ac.za', firstName: 'Thandi', lastName: 'Nkosi', ...extra });

afterEach(() => {
  // Sonner keeps its toasts between tests; a fresh <Toaster> would show the old ones again.
  toast.dismiss();
});

const facultyCalls = (calls: Call[]) => requestsTo(calls, (call) => call.path === '/student/faculty');

const withDetails = studentWith('seller', {
  academicInfo: {
    facultyName: 'engineering',
    departmentName: 'Civil',
    yearOfStudy: 'third',
    semester: 'second',
    academicYear: '2025',
    lastUpdate: '2025-01-10T10:00:00.000Z',
  },
});

describe('faculty page', () => {
  it('keeps the department disabled until a faculty is chosen and clears it when the faculty changes', async () => {
    const user = userEvent.setup();
    mockApi(signedInAs(studentWith('buyer')));
    renderApp('/buyer/faculty');
    const faculty = await screen.findByLabelText(/^Faculty/);
    const department = screen.getByLabelText(/^Department/);
    expect(department).toBeDisabled();
    expect(within(faculty).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select Faculty',
      'Science',
      'Engineering',
      'Commerce',
      'Humanities',
      'Medicine & Health Sciences',
      'Law',
      'Education',
    ]);
    await user.selectOptions(faculty, 'law');
    expect(department).toBeEnabled();
    expect(within(department).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select Department',
      'Criminal',
      'Civil',
      'Corporate',
      'International',
      'Constitutional Law',
      'Human Rights Law',
    ]);
    await user.selectOptions(department, 'Constitutional Law');
    expect(department).toHaveValue('Constitutional Law');
    await user.selectOptions(faculty, 'science');
    expect(department).toHaveValue('');
    expect(within(department).getByRole('option', { name: 'Computer Science' })).toBeInTheDocument();
  });

  it('labels the button by completeness, accepts only 4 digits for the year, and saves', async () => {
    const user = userEvent.setup();
    let finish: (response: Response) => void = () => {};
    const saved = studentWith('buyer', { academicInfo: { ...withDetails.academicInfo!, facultyName: 'science', departmentName: 'Statistics' } });
    const calls = mockApi((call) =>
      call.path === '/student/faculty' ? new Promise<Response>((resolve) => (finish = resolve)) : signedInAs(studentWith('buyer'))(call),
    );
    renderApp('/buyer/faculty');
    expect(await screen.findByRole('button', { name: 'Fill Required Fields' })).toBeDisabled();
    expect(screen.getByText('Please fill in your faculty details')).toBeInTheDocument();
    expect(screen.getByLabelText('Student Number')).toHaveValue('2345678');
    expect(screen.getByLabelText('Student Number')).toHaveAttribute('readonly');

    await user.selectOptions(screen.getByLabelText(/^Faculty/), 'science');
    await user.selectOptions(screen.getByLabelText(/^Department/), 'Statistics');
    await user.selectOptions(screen.getByLabelText(/^Year of Study/), 'third');
    await user.selectOptions(screen.getByLabelText(/^Semester/), 'second');
    const year = screen.getByLabelText(/^Academic Year/);
    expect(year).toHaveAttribute('maxlength', '4');
    expect(year).toHaveAttribute('inputmode', 'numeric');
    await user.type(year, '20a2');
    expect(year).toHaveValue('202');
    expect(screen.getByRole('button', { name: 'Fill Required Fields' })).toBeDisabled();
    await user.type(year, '56');
    expect(year).toHaveValue('2025');

    const status = screen.getByRole('complementary', { name: 'Academic Status' });
    expect(status).toHaveTextContent('Science');
    expect(status).toHaveTextContent('Statistics');
    expect(status).toHaveTextContent('Third Year');
    expect(status).toHaveTextContent('2025');
    expect(status).toHaveTextContent('Second Semester');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(facultyCalls(calls)).toEqual([
      {
        method: 'PUT',
        path: '/student/faculty',
        body: { faculty: 'science', department: 'Statistics', studentNumber: '2345678', yearOfStudy: 'third', academicYear: '2025', semester: 'second' },
      },
    ]);
    finish(json(200, { student: saved }));
    expect(await screen.findByText('Faculty details updated successfully')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toMatchObject({ academicInfo: { departmentName: 'Statistics' } });
  });

  it('saves once however fast Save Changes is pressed', async () => {
    let finish: (response: Response) => void = () => {};
    const calls = mockApi((call) => (call.path === '/student/faculty' ? new Promise<Response>((resolve) => (finish = resolve)) : signedInAs(withDetails)(call)));
    renderApp('/seller/faculty');
    const save = await screen.findByRole('button', { name: 'Save Changes' });
    // Two taps inside one act: no render in between to disable the button, as on a busy phone.
    act(() => {
      save.click();
      save.click();
    });
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    finish(json(200, { student: withDetails }));
    expect(await screen.findByText('Faculty details updated successfully')).toBeInTheDocument();
    expect(facultyCalls(calls)).toHaveLength(1);
  });

  it('prefills saved details, says Updating..., and explains the 24-hour rule', async () => {
    const user = userEvent.setup();
    let finish: (response: Response) => void = () => {};
    mockApi((call) => (call.path === '/student/faculty' ? new Promise<Response>((resolve) => (finish = resolve)) : signedInAs(withDetails)(call)));
    renderApp('/seller/faculty');
    expect(await screen.findByLabelText(/^Faculty/)).toHaveValue('engineering');
    expect(screen.getByLabelText(/^Department/)).toHaveValue('Civil');
    expect(screen.getByLabelText(/^Academic Year/)).toHaveValue('2025');
    expect(screen.getByRole('complementary', { name: 'Academic Status' })).toHaveTextContent('Engineering');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeInTheDocument();
    finish(json(429, { error: 'You can only update faculty details once every 24 hours', code: 'RATE_LIMITED' }));
    expect(await screen.findByText('You can only update faculty details once every 24 hours')).toBeInTheDocument();
  });

  it('shows the cooldown message even when a 429 carries no text, and the server error otherwise', async () => {
    const user = userEvent.setup();
    let answer = json(429);
    mockApi((call) => (call.path === '/student/faculty' ? answer : signedInAs(withDetails)(call)));
    renderApp('/seller/faculty');
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('You can only update faculty details once every 24 hours')).toBeInTheDocument();
    toast.dismiss();
    answer = json(400, { error: 'Please select a department of the chosen faculty', code: 'VALIDATION' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please select a department of the chosen faculty')).toBeInTheDocument();
    toast.dismiss();
    answer = json(503);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update faculty details')).toBeInTheDocument();
  });

  it('warns that a save locks the details for 24 hours, then says when they reopen instead of offering Save', async () => {
    const user = userEvent.setup();
    const lastUpdate = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const saved = studentWith('seller', { academicInfo: { ...withDetails.academicInfo!, lastUpdate } });
    const calls = mockApi((call) => (call.path === '/student/faculty' ? json(200, { student: saved }) : signedInAs(withDetails)(call)));
    renderApp('/seller/faculty');
    const save = await screen.findByRole('button', { name: 'Save Changes' });
    expect(save).toHaveAccessibleDescription('Check your details before saving: once saved, they cannot be changed for 24 hours.');
    await user.click(save);
    expect(await screen.findByText('Faculty details updated successfully')).toBeInTheDocument();
    const reopens = new Intl.DateTimeFormat('en-ZA', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Africa/Johannesburg',
    }).format(new Date(Date.parse(lastUpdate) + 24 * 60 * 60 * 1000));
    const notice = await screen.findByRole('status', { name: '' });
    expect(notice).toHaveTextContent(`you can change them again on ${reopens}.`);
    // The faculty form offers no Save (the course list below has its own, which the 24 hours do not lock).
    expect(screen.queryByRole('button', { name: /^(Save Changes|Fill Required Fields|Updating\.\.\.|Saving\.\.\.)$/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save courses' })).toBeEnabled();
    expect(screen.getByLabelText(/^Faculty/)).toBeDisabled();
    expect(screen.getByLabelText(/^Semester/)).toBeDisabled();
    expect(facultyCalls(calls)).toHaveLength(1);
  });

  it('opens a page within the 24 hours locked, with the time it reopens', async () => {
    const lastUpdate = new Date(Date.now() - 23 * 60 * 60 * 1000).toISOString();
    mockApi(signedInAs(studentWith('buyer', { academicInfo: { ...withDetails.academicInfo!, lastUpdate } })));
    renderApp('/buyer/faculty');
    expect(await screen.findByText(/you can change them again on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('renders nothing without a student number', async () => {
    mockApi(signedInAs(studentWith('buyer', { studentNumber: '' })));
    renderApp('/buyer/faculty');
    expect(await screen.findAllByRole('navigation', { name: 'Dashboard' })).not.toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Faculty Details' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Faculty/)).not.toBeInTheDocument();
  });
});
