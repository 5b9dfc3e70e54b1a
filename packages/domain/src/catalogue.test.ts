import { describe, test, expect } from 'vitest';
import { validateOptionChoices, weekdays, type ChosenOptionValue, type ItemOption } from './catalogue.ts';
import { orderAnswers } from '@resto/copy/errors/orders';

/** A pizza with a required size (one choice) and optional extras (up to 3, quantities count). */
const size: ItemOption = {
  option_id: 10,
  option_name: 'Taille',
  selected: 1,
  required: true,
  option_options: [
    { id: 101, name: 'Moyenne', price: 0, tax_rate: null, allergens: [] },
    { id: 102, name: 'Grande', price: 3, tax_rate: null, allergens: [] },
  ],
};
const extras: ItemOption = {
  option_id: 20,
  option_name: 'Suppléments',
  selected: 3,
  required: false,
  option_options: [
    { id: 201, name: 'Chèvre', price: 1.5, tax_rate: null, allergens: [] },
    { id: 202, name: 'Olives', price: 0.5, tax_rate: null, allergens: [] },
  ],
};
const options = [size, extras];
const item = 'Pizza Reine';

const choose = (option_id: number, option_option_id: number, quantity = 1): ChosenOptionValue => ({ option_id, option_option_id, quantity });

describe('weekdays', () => {
  test('are the three-letter lowercase days mon..sun (section 3, Menu)', () => {
    expect(weekdays).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
  });
});

describe('validateOptionChoices (section 3, Item options)', () => {
  test.each<[string, ChosenOptionValue[]]>([
    ['required option chosen', [choose(10, 101)]],
    ['required option plus extras', [choose(10, 102), choose(20, 201), choose(20, 202)]],
    ['extras up to `selected` with quantities', [choose(10, 101), choose(20, 201, 2), choose(20, 202, 1)]],
    ['one extra with quantity equal to `selected`', [choose(10, 101), choose(20, 202, 3)]],
  ])('valid choice → no error: %s', (_name, chosen) => {
    expect(validateOptionChoices(item, options, chosen)).toEqual([]);
  });

  test('an item without options accepts an empty choice', () => {
    expect(validateOptionChoices(item, [], [])).toEqual([]);
  });

  test('an optional option may be left empty', () => {
    expect(validateOptionChoices(item, [extras], [])).toEqual([]);
  });

  test.each<[string, ChosenOptionValue]>([
    ['unknown option id', choose(99, 101)],
    ['unknown value id', choose(10, 999)],
    ['value of another option', choose(20, 101)],
    ['quantity 0', choose(20, 201, 0)],
    ['negative quantity', choose(20, 201, -1)],
    ['fractional quantity', choose(20, 201, 1.5)],
    ['NaN quantity', choose(20, 201, Number.NaN)],
  ])('%s → unknownOption error naming the item', (_name, bad) => {
    const errors = validateOptionChoices(item, options, [choose(10, 101), bad]);
    expect(errors).toEqual([{ option_id: bad.option_id, message: orderAnswers.unknownOption(item) }]);
    expect(errors[0]?.message).toBe("Une option choisie pour « Pizza Reine » n'existe pas.");
  });

  test('an invalid value is not counted toward its option', () => {
    // the only value chosen for the required size is invalid → both errors
    const errors = validateOptionChoices(item, options, [choose(10, 201)]);
    expect(errors).toEqual([
      { option_id: 10, message: orderAnswers.unknownOption(item) },
      { option_id: 10, message: orderAnswers.optionRequired('Taille') },
    ]);
  });

  test.each<[string, ChosenOptionValue[]]>([
    ['four different values over a max of 3', [choose(20, 201), choose(20, 202), choose(20, 201), choose(20, 202)]],
    ['quantities count: 2 + 2 over a max of 3', [choose(20, 201, 2), choose(20, 202, 2)]],
    ['one value with quantity 4 over a max of 3', [choose(20, 201, 4)]],
  ])('more than `selected` → optionTooMany: %s', (_name, chosenExtras) => {
    const errors = validateOptionChoices(item, options, [choose(10, 101), ...chosenExtras]);
    expect(errors).toEqual([{ option_id: 20, message: orderAnswers.optionTooMany('Suppléments', 3) }]);
    expect(errors[0]?.message).toBe('« Suppléments » : 3 choix au maximum.');
  });

  test('two sizes for a one-choice option → optionTooMany', () => {
    const errors = validateOptionChoices(item, options, [choose(10, 101), choose(10, 102)]);
    expect(errors).toEqual([{ option_id: 10, message: '« Taille » : 1 choix au maximum.' }]);
  });

  test('required option with nothing chosen → optionRequired', () => {
    const errors = validateOptionChoices(item, options, [choose(20, 201)]);
    expect(errors).toEqual([{ option_id: 10, message: orderAnswers.optionRequired('Taille') }]);
    expect(errors[0]?.message).toBe('« Taille » : faites un choix.');
  });

  test('required option with an empty choice list → optionRequired', () => {
    expect(validateOptionChoices(item, options, [])).toEqual([{ option_id: 10, message: '« Taille » : faites un choix.' }]);
  });

  test('several problems are all reported, one per broken option', () => {
    const errors = validateOptionChoices(item, options, [choose(20, 201, 2), choose(20, 202, 2), choose(77, 1)]);
    expect(errors.map((e) => e.option_id).sort()).toEqual([10, 20, 77]);
  });

  test('messages are French', () => {
    const errors = validateOptionChoices(item, options, [choose(20, 201, 4), choose(5, 5)]);
    expect(errors).toHaveLength(3);
    for (const { message } of errors) {
      expect(message).toMatch(/«|choix|option/u);
      expect(message).not.toMatch(/\b(required|invalid|unknown|too many|must)\b/iu);
    }
  });
});
