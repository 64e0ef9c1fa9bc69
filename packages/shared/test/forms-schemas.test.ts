import { describe, expect, it } from 'vitest';
import { contactSchema, facultySchema, fieldErrors, isAllowedNewsletterDomain, newsletterSchema } from '../src/index';
import { firstMessage } from './helpers';

describe('newsletterSchema', () => {
  it('needs an email that looks like an address', () => {
    expect(firstMessage(newsletterSchema, {})).toBe('Email is required');
    expect(firstMessage(newsletterSchema, { email: 'not an email' })).toBe('Please enter a valid email address');
    expect(firstMessage(newsletterSchema, { email: 'thandi@' })).toBe('Please enter a valid email address');
  });

  it('accepts university addresses and Gmail or iCloud, nothing else', () => {
    const domainMessage = 'Please use your university email or a personal Gmail/iCloud account';
    expect(firstMessage(newsletterSchema, { email: 'thandi@yahoo.com' })).toBe(domainMessage);
    expect(firstMessage(newsletterSchema, { email: 'thandi@evil-uct.ac.za.com' })).toBe(domainMessage);
    expect(firstMessage(newsletterSchema, { email: 'thandi@notgmail.com' })).toBe(domainMessage);
    expect(firstMessage(newsletterSchema, { email: '1234567@students.wits.ac.za' })).toBe('ok');
    expect(firstMessage(newsletterSchema, { email: 'Thandi@GMAIL.com ' })).toBe('ok');
    expect(firstMessage(newsletterSchema, { email: 'thandi@icloud.com' })).toBe('ok');
    expect(firstMessage(newsletterSchema, { email: 'thandi@tuks.co.za' })).toBe('ok');
    expect(newsletterSchema.parse({ email: ' Thandi@GMAIL.com ' })).toEqual({ email: 'thandi@gmail.com' });
  });

  it('matches a domain only as itself or a sub-domain', () => {
    expect(isAllowedNewsletterDomain('students.wits.ac.za')).toBe(true);
    expect(isAllowedNewsletterDomain('uct.ac.za')).toBe(true);
    expect(isAllowedNewsletterDomain('myuwc.ac.za')).toBe(true);
    expect(isAllowedNewsletterDomain('evil-uct.ac.za.com')).toBe(false);
    expect(isAllowedNewsletterDomain('yahoo.com')).toBe(false);
    expect(isAllowedNewsletterDomain('gmail.com.evil.net')).toBe(false);
    expect(isAllowedNewsletterDomain('xac.za')).toBe(false);
  });
});

describe('contactSchema', () => {
  const valid = {
    firstName: 'Sipho',
    lastName: 'Dlamini',
    studentNumber: '219876543',
    university: 'University of South Africa (UNISA)',
    email: 'sipho@mylife.unisa.ac.za',
    message: 'Where do I meet a seller?',
  };

  it('accepts a complete message with or without the honeypot', () => {
    expect(firstMessage(contactSchema, valid)).toBe('ok');
    expect(contactSchema.parse({ ...valid, website: 'http://spam.example' }).website).toBe('http://spam.example');
  });

  it('requires every field, in form order', () => {
    expect(firstMessage(contactSchema, {})).toBe('First name is required');
    expect(firstMessage(contactSchema, { ...valid, lastName: ' ' })).toBe('Last name is required');
    expect(firstMessage(contactSchema, { ...valid, studentNumber: undefined })).toBe('Student number is required');
    expect(firstMessage(contactSchema, { ...valid, university: 'Hogwarts' })).toBe('Please select your university');
    expect(firstMessage(contactSchema, { ...valid, email: 'sipho' })).toBe('Invalid email format');
    expect(firstMessage(contactSchema, { ...valid, message: '' })).toBe('Message is required');
    expect(firstMessage(contactSchema, { ...valid, message: 'x'.repeat(5001) })).toBe(
      'Message must be at most 5000 characters',
    );
    const result = contactSchema.safeParse({ email: 'x' });
    expect(result.success ? {} : Object.keys(fieldErrors(result.error))).toEqual([
      'firstName',
      'lastName',
      'studentNumber',
      'university',
      'email',
      'message',
    ]);
  });
});

describe('facultySchema', () => {
  const valid = {
    faculty: 'science',
    department: 'Computer Science',
    studentNumber: '2456789',
    yearOfStudy: 'second',
    academicYear: '2026',
    semester: 'first',
  };

  it('accepts the seller form and ignores the student number', () => {
    expect(facultySchema.parse(valid)).toEqual({ ...valid, studentNumber: '2456789' });
    expect(facultySchema.parse({ ...valid, studentNumber: 12345 }).studentNumber).toBeUndefined();
  });

  it("turns the buyer form's semester '1' and '2' into first and second", () => {
    expect(facultySchema.parse({ ...valid, semester: '1' }).semester).toBe('first');
    expect(facultySchema.parse({ ...valid, semester: '2' }).semester).toBe('second');
    expect(firstMessage(facultySchema, { ...valid, semester: '3' })).toBe('Please select your semester');
  });

  it('requires every field, in form order', () => {
    expect(firstMessage(facultySchema, {})).toBe('Please select your faculty');
    expect(firstMessage(facultySchema, { ...valid, faculty: 'magic' })).toBe('Please select your faculty');
    expect(firstMessage(facultySchema, { ...valid, department: '' })).toBe('Please select your department');
    expect(firstMessage(facultySchema, { ...valid, yearOfStudy: 'eighth' })).toBe('Please select your year of study');
    expect(firstMessage(facultySchema, { ...valid, yearOfStudy: 'postgrad' })).toBe('ok');
    expect(firstMessage(facultySchema, { ...valid, academicYear: undefined })).toBe('Please enter the academic year');
    expect(firstMessage(facultySchema, { ...valid, academicYear: '26' })).toBe('Academic year must be exactly 4 digits');
    expect(firstMessage(facultySchema, { ...valid, academicYear: '20266' })).toBe('Academic year must be exactly 4 digits');
    expect(facultySchema.parse({ ...valid, academicYear: 2026 }).academicYear).toBe('2026');
    expect(firstMessage(facultySchema, { ...valid, semester: undefined })).toBe('Please select your semester');
  });

  it("requires the department to belong to the faculty, reported before later fields' problems", () => {
    expect(firstMessage(facultySchema, { ...valid, department: 'Criminal' })).toBe(
      'Please select a department of the chosen faculty',
    );
    const result = facultySchema.safeParse({ ...valid, department: 'Criminal', yearOfStudy: undefined });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues.map((issue) => issue.path[0])).toEqual(['department', 'yearOfStudy']);
    expect(fieldErrors(result.error)).toEqual({
      department: 'Please select a department of the chosen faculty',
      yearOfStudy: 'Please select your year of study',
    });
  });
});
