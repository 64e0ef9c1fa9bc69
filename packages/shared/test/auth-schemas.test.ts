import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  deleteAccountSchema,
  fieldErrors,
  loginSchema,
  passwordChecklist,
  passwordProblem,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
  signupFormSchema,
} from '../src/index';
import { firstMessage } from './helpers';

const validSignup = {
  email: '  Thandi.Mokoena@Students.Wits.ac.za ',
  password: 'Secret1!x',
  firstName: ' Thandi ',
  lastName: 'Mokoena',
  studentNumber: ' 2456789 ',
  university: 'wits',
  userType: 'seller',
  acceptTerms: true,
};

describe('signupFormSchema', () => {
  it('accepts a complete form and normalises the email', () => {
    const result = signupFormSchema.parse(validSignup);
    expect(result.email).toBe('thandi.mokoena@students.wits.ac.za');
    expect(result.studentNumber).toBe('2456789');
    expect(result.firstName).toBe('Thandi');
  });

  it('reports the first failing rule in the form order', () => {
    const steps: [Partial<typeof validSignup>, string][] = [
      [{}, 'Email is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'not-an-email' }, 'Invalid email format'],
      [{ email: 'a@b.co' }, 'Password is required'],
      [{ email: 'a@b.co', password: 'Ab1!' }, 'Password must be at least 8 characters'],
      [
        { email: 'a@b.co', password: 'abcdefgh1' },
        'Password must contain at least one uppercase letter, one lowercase letter, one number and one special character',
      ],
      [
        { email: 'a@b.co', password: 'Abcdefg1#' },
        'Password must contain at least one uppercase letter, one lowercase letter, one number and one special character',
      ],
      [{ email: 'a@b.co', password: 'Abcdefg1@' }, 'First name is required'],
      [{ email: 'a@b.co', password: 'Abcdefg1@', firstName: '   ' }, 'First name is required'],
      [{ email: 'a@b.co', password: 'Abcdefg1@', firstName: 'T' }, 'Last name is required'],
      [{ email: 'a@b.co', password: 'Abcdefg1@', firstName: 'T', lastName: 'M' }, 'Student number is required'],
      [
        { email: 'a@b.co', password: 'Abcdefg1@', firstName: 'T', lastName: 'M', studentNumber: ' 1234 ' },
        'Student number seems too short',
      ],
      [
        { email: 'a@b.co', password: 'Abcdefg1@', firstName: 'T', lastName: 'M', studentNumber: '12345' },
        'Please select your university',
      ],
      [
        { email: 'a@b.co', password: 'Abcdefg1@', firstName: 'T', lastName: 'M', studentNumber: '12345', university: '' },
        'Please select your university',
      ],
      [
        { email: 'a@b.co', password: 'Abcdefg1@', firstName: 'T', lastName: 'M', studentNumber: '12345', university: 'mit' },
        'Please select your university',
      ],
      [
        { email: 'a@b.co', password: 'Abcdefg1@', firstName: 'T', lastName: 'M', studentNumber: '12345', university: 'uj' },
        'Please select whether you want to buy or sell books',
      ],
      [
        {
          email: 'a@b.co',
          password: 'Abcdefg1@',
          firstName: 'T',
          lastName: 'M',
          studentNumber: '12345',
          university: 'uj',
          userType: 'buyer',
        },
        'Please accept the Terms of Service',
      ],
    ];
    for (const [input, message] of steps) {
      expect(firstMessage(signupFormSchema, input), JSON.stringify(input)).toBe(message);
    }
    expect(firstMessage(signupFormSchema, { ...validSignup, acceptTerms: false })).toBe('Please accept the Terms of Service');
    expect(firstMessage(signupFormSchema, { ...validSignup, userType: 'admin' })).toBe(
      'Please select whether you want to buy or sell books',
    );
  });

  it('lists one message per failing field', () => {
    const result = signupFormSchema.safeParse({ email: 'bad', password: 'short' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      email: 'Invalid email format',
      password: 'Password must be at least 8 characters',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      studentNumber: 'Student number is required',
      university: 'Please select your university',
      userType: 'Please select whether you want to buy or sell books',
      acceptTerms: 'Please accept the Terms of Service',
    });
  });
});

describe('registerSchema', () => {
  const { acceptTerms: _ignored, ...validRegister } = validSignup;

  it('normalises email, names and student number and drops unknown fields', () => {
    const result = registerSchema.parse({ ...validRegister, role: 'admin' });
    expect(result).toEqual({
      email: 'thandi.mokoena@students.wits.ac.za',
      password: 'Secret1!x',
      firstName: 'Thandi',
      lastName: 'Mokoena',
      studentNumber: '2456789',
      university: 'wits',
      userType: 'seller',
    });
  });

  it('applies the account-creation password rules with their own messages', () => {
    const withPassword = (password: unknown) => firstMessage(registerSchema, { ...validRegister, password });
    expect(withPassword(undefined)).toBe('Password is required');
    expect(withPassword('')).toBe('Password is required');
    expect(withPassword('Ab1!')).toBe('Password must be at least 8 characters long');
    expect(withPassword('abcdefg1!')).toBe('Password must contain at least one uppercase letter');
    expect(withPassword('ABCDEFG1!')).toBe('Password must contain at least one lowercase letter');
    expect(withPassword('Abcdefgh!')).toBe('Password must contain at least one number');
    expect(withPassword('Abcdefgh1')).toBe('Password must contain at least one special character');
    expect(withPassword('Abcdefg1#')).toBe('ok');
    expect(withPassword('Abcdefg1 ')).toBe('ok');
    expect(withPassword(`Aa1!${'x'.repeat(60)}`)).toBe('ok');
    expect(withPassword(`Aa1!${'x'.repeat(125)}`)).toBe('Password must be at most 128 characters');
  });

  it('refuses wrong JSON types with a clear message instead of throwing', () => {
    expect(firstMessage(registerSchema, null)).toBe('Invalid input data');
    expect(firstMessage(registerSchema, [])).toBe('Invalid input data');
    expect(firstMessage(registerSchema, { ...validRegister, email: 42 })).toBe('Invalid email format');
    expect(firstMessage(registerSchema, { ...validRegister, email: null })).toBe('Email is required');
    expect(firstMessage(registerSchema, { ...validRegister, firstName: { $ne: '' } })).toBe('First name must be text');
    expect(firstMessage(registerSchema, { ...validRegister, password: 12345678 })).toBe('Invalid input data');
    expect(firstMessage(registerSchema, { ...validRegister, university: 3 })).toBe('Please select your university');
  });
});

describe('loginSchema', () => {
  it('checks email then password and normalises the email', () => {
    expect(firstMessage(loginSchema, {})).toBe('Email is required');
    expect(firstMessage(loginSchema, { email: '   ', password: 'x' })).toBe('Email is required');
    expect(firstMessage(loginSchema, { email: 'thandi', password: 'x' })).toBe('Invalid email format');
    expect(firstMessage(loginSchema, { email: 'thandi@uj.ac.za' })).toBe('Password is required');
    expect(firstMessage(loginSchema, { email: 'thandi@uj.ac.za', password: '' })).toBe('Password is required');
    expect(loginSchema.parse({ email: ' Thandi@UJ.ac.za ', password: ' pass ' })).toEqual({
      email: 'thandi@uj.ac.za',
      password: ' pass ',
    });
  });
});

describe('password reset', () => {
  it('takes an email with the login rules', () => {
    expect(firstMessage(resetRequestSchema, {})).toBe('Email is required');
    expect(firstMessage(resetRequestSchema, { email: 'nope' })).toBe('Invalid email format');
    expect(resetRequestSchema.parse({ email: ' A@Up.ac.za' })).toEqual({ email: 'a@up.ac.za' });
  });

  it('confirms with a token and a new password under the account rules', () => {
    expect(firstMessage(resetConfirmSchema, { password: 'Abcdefg1!' })).toBe('Reset link is invalid or has expired');
    expect(firstMessage(resetConfirmSchema, { token: 'x'.repeat(600), password: 'Abcdefg1!' })).toBe(
      'Reset link is invalid or has expired',
    );
    expect(firstMessage(resetConfirmSchema, { token: 'abc', password: 'short' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(firstMessage(resetConfirmSchema, { token: 'abc', password: 'Abcdefg1!' })).toBe('ok');
  });
});

describe('changePasswordSchema', () => {
  it('needs the current password, then a new one under the rules', () => {
    expect(firstMessage(changePasswordSchema, { password: 'Abcdefg1!' })).toBe('Current password is required');
    expect(firstMessage(changePasswordSchema, { oldPassword: 'old' })).toBe('New password is required');
    expect(firstMessage(changePasswordSchema, { oldPassword: 'old', password: 'Ab1!' })).toBe(
      'New password must be at least 8 characters',
    );
    expect(firstMessage(changePasswordSchema, { oldPassword: 'old', password: 'abcdefg1!' })).toBe(
      'Password must contain at least one uppercase letter',
    );
    expect(firstMessage(changePasswordSchema, { oldPassword: 'old', password: 'Abcdefg1!' })).toBe('ok');
  });
});

describe('deleteAccountSchema', () => {
  it('cancels without a password', () => {
    expect(firstMessage(deleteAccountSchema, {})).toBe('Account deletion cancelled - password required');
    expect(firstMessage(deleteAccountSchema, { password: '' })).toBe('Account deletion cancelled - password required');
    expect(firstMessage(deleteAccountSchema, { password: 'anything' })).toBe('ok');
  });
});

describe('password rules for a checklist', () => {
  it('reports which rules a password meets and the first one it breaks', () => {
    expect(passwordChecklist('abc1')).toEqual([
      { id: 'length', label: 'At least 8 characters', met: false },
      { id: 'uppercase', label: 'One uppercase letter', met: false },
      { id: 'lowercase', label: 'One lowercase letter', met: true },
      { id: 'number', label: 'One number', met: true },
      { id: 'special', label: 'One special character', met: false },
    ]);
    expect(passwordProblem('abc1')).toBe('Password must be at least 8 characters long');
    expect(passwordProblem('Abcdefg1!')).toBeNull();
  });
});
