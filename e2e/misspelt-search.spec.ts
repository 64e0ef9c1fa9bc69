// A misspelt search in a real browser: a book whose title has a word of this run's own (made up, so no
// other spec's listings and no earlier run can have it) is listed and approved; a visitor searches the
// catalogue with that word misspelt (two letters swapped), sees "Did you mean …?" with the word put
// right, taps it and finds the book. Screenshots at 1280, 390 and 320 px, axe-clean.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, listApprovedBook, screenshot, signedInAdmin, signedInStudent } from './helpers';

/** A made-up word of ten letters (consonant, vowel, ...), different every run. */
function madeUpWord(): string {
  const consonants = 'bdfgklmnprstvz';
  const vowels = 'aeiou';
  let word = '';
  for (let i = 0; i < 5; i++) {
    word += consonants[Math.floor(Math.random() * consonants.length)]! + vowels[Math.floor(Math.random() * vowels.length)]!;
  }
  return word;
}

/** The word with its 4th and 5th letters swapped (a consonant and a vowel, so it always changes): one slip of the fingers. */
const misspelt = (word: string) => word.slice(0, 3) + word[4] + word[3] + word.slice(5);

test('a misspelt search offers the word put right, and tapping it finds the book', async ({ page, browser, baseURL }, testInfo) => {
  const word = madeUpWord();
  const title = `Thermodynamics ${word[0]!.toUpperCase()}${word.slice(1)}`;

  const seller = await signedInStudent(browser, baseURL!, { userType: 'seller', firstName: 'Kagiso', lastName: 'Molefe', studentNumber: '3456789', university: 'up', emailPrefix: 'misspelt-seller' });
  const admin = await signedInAdmin(browser, baseURL!);
  const id = await listApprovedBook(seller.request, admin.request, title, { author: 'Yunus Cengel', category: 'engineering' });
  await Promise.all([seller.context.close(), admin.close()]);

  // A visitor types the search with the made-up word misspelt.
  const typed = `thermodynamics ${misspelt(word)}`;
  await page.goto('/books');
  const search = page.getByRole('searchbox', { name: 'Search books' });
  await search.fill(typed);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=thermodynamics\\+${misspelt(word)}(&|$)`));
  const corrected = `thermodynamics ${word}`;
  const suggestion = page.getByRole('link', { name: corrected, exact: true });
  await expect(suggestion).toBeVisible();
  await expect(page.getByText(`Did you mean ${corrected}?`, { exact: true })).toBeVisible();
  await expect(page.getByText('0 books for sale', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'misspelt-search');
  if (testInfo.project.name === 'phone') {
    // The narrowest phone: the suggestion wraps inside the screen.
    await page.setViewportSize({ width: 320, height: 700 });
    await expect(suggestion).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, testInfo, 'misspelt-search-320');
  }

  // One tap runs the corrected search, which finds the book.
  await suggestion.click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=thermodynamics\\+${word}(&|$)`));
  await expect(search).toHaveValue(corrected);
  const book = page.getByRole('link', { name: title, exact: true });
  await expect(book).toHaveAttribute('href', `/books/${id}`);
  await expect(page.getByText('1 book for sale', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Did you mean/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'misspelt-search-corrected');
});
