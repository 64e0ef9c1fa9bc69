// The canonical form of a university address (docs/decisions/0037-verification-needs-its-student.md): the
// one the "one address verifies one account" rule compares and stores.
import { describe, expect, it } from 'vitest';
import { canonicalUniversityEmail, universityOfEmail } from '../src/universities';

describe('canonicalUniversityEmail', () => {
  it('lower-cases, trims and drops a +tag from the local part, so addresses of one mailbox are one address', () => {
    expect(canonicalUniversityEmail('s123@students.wits.ac.za')).toBe('s123@students.wits.ac.za');
    expect(canonicalUniversityEmail('  S123@Students.WITS.ac.za ')).toBe('s123@students.wits.ac.za');
    expect(canonicalUniversityEmail('s123+1@students.wits.ac.za')).toBe('s123@students.wits.ac.za');
    expect(canonicalUniversityEmail('s123+2@students.wits.ac.za')).toBe('s123@students.wits.ac.za');
    expect(canonicalUniversityEmail('S123+Books+More@students.wits.ac.za')).toBe('s123@students.wits.ac.za');
    expect(canonicalUniversityEmail('s123+@students.wits.ac.za')).toBe('s123@students.wits.ac.za');
  });

  it('keeps what tells mailboxes apart: dots, other characters, the domain and its sub-domains', () => {
    expect(canonicalUniversityEmail('thandi.m@myuct.ac.za')).toBe('thandi.m@myuct.ac.za');
    expect(canonicalUniversityEmail('thandi.m@myuct.ac.za')).not.toBe(canonicalUniversityEmail('thandim@myuct.ac.za'));
    expect(canonicalUniversityEmail('s1@students.wits.ac.za')).not.toBe(canonicalUniversityEmail('s1@wits.ac.za'));
    // A + in the domain is not a tag.
    expect(canonicalUniversityEmail('a@b+c.ac.za')).toBe('a@b+c.ac.za');
    // Not an address: only trimmed and lower-cased.
    expect(canonicalUniversityEmail(' No-At+Sign ')).toBe('no-at+sign');
  });

  it('never moves an address to another university', () => {
    for (const email of ['s1+x@students.wits.ac.za', 'A+B@TUKS.CO.ZA', 'x+y@wits.ac.za.example.com']) {
      expect(universityOfEmail(canonicalUniversityEmail(email))).toBe(universityOfEmail(email));
    }
  });
});
