import { describe, expect, it } from 'vitest';
import { recogniseStatement, statementTitled, statementsNamed } from './statements';

const rows = (...labels: string[]) => labels.map((label) => ({ label }));

describe('statementTitled', () => {
  it('recognises US GAAP titles', () => {
    expect(statementTitled('Consolidated Balance Sheets')).toBe('balance sheet');
    expect(statementTitled('CONSOLIDATED BALANCE SHEETS')).toBe('balance sheet');
    expect(statementTitled('Consolidated Statements of Operations')).toBe('income statement');
    expect(statementTitled('3M Company and Subsidiaries Consolidated Statement of Income Years ended December 31')).toBe('income statement');
    expect(statementTitled('Consolidated Statements of Earnings')).toBe('income statement');
    expect(statementTitled('Consolidated Income Statements')).toBe('income statement');
    expect(statementTitled('Consolidated Statements of Comprehensive Income')).toBe('comprehensive income');
    expect(statementTitled('Consolidated Statements of Comprehensive Loss')).toBe('comprehensive income');
    expect(statementTitled('Consolidated Statements of Cash Flows')).toBe('cash flow statement');
    expect(statementTitled("Consolidated Statements of Shareholders' Equity")).toBe('equity statement');
    expect(statementTitled('Consolidated Statements of Stockholders’ Equity')).toBe('equity statement');
    expect(statementTitled('Condensed Consolidated Statements of Operations (Unaudited)')).toBe('income statement');
  });

  it('recognises IFRS titles', () => {
    expect(statementTitled('Consolidated Statement of Financial Position')).toBe('balance sheet');
    expect(statementTitled('Statement of Financial Condition')).toBe('balance sheet');
    expect(statementTitled('Consolidated Statement of Profit and Loss')).toBe('income statement');
    expect(statementTitled('Consolidated Statement of Changes in Equity')).toBe('equity statement');
    expect(statementTitled('Consolidated Cash Flow Statement')).toBe('cash flow statement');
  });

  it('tells comprehensive income from the income statement', () => {
    expect(statementTitled('Statements of Comprehensive Income')).toBe('comprehensive income');
    expect(statementTitled('Statements of Income')).toBe('income statement');
  });

  it('recognises segment tables', () => {
    expect(statementTitled('Segment Information')).toBe('segment table');
    expect(statementTitled('Net sales by reportable segment')).toBe('segment table');
  });

  it('does not take a contents entry ending in a page number for a title', () => {
    expect(statementTitled('Consolidated Balance Sheets | 56')).toBeUndefined();
    expect(statementTitled('Consolidated Statements of Cash Flows 58')).toBeUndefined();
    expect(statementTitled('Consolidated Balance Sheets ..... F-3')).toBeUndefined();
  });

  it('takes a title ending in a date or a year (not a page number)', () => {
    expect(statementTitled('Consolidated Balance Sheets as of December 31, 2022')).toBe('balance sheet');
    expect(statementTitled('Consolidated Statements of Cash Flows for the Years Ended Dec. 31')).toBe('cash flow statement');
    expect(statementTitled('Consolidated Statements of Income 2022')).toBe('income statement');
  });

  it('does not take a sentence, a long line or an unrelated line for a title', () => {
    expect(statementTitled('The accompanying notes are an integral part of the consolidated balance sheets.')).toBeUndefined();
    expect(statementTitled('See the consolidated statements of operations for:')).toBeUndefined();
    expect(statementTitled('The following table reconciles the amounts reported in the consolidated balance sheets to those in the statement of cash flows')).toBeUndefined();
    expect(statementTitled('Revenue by region')).toBeUndefined();
    expect(statementTitled('')).toBeUndefined();
  });
});

describe('statementsNamed', () => {
  it('finds the statements a question names', () => {
    expect(statementsNamed('Based on the balance sheet, what is the current ratio?')).toEqual(['balance sheet']);
    expect(statementsNamed('According to the statement of cash flows, how much was capex?')).toEqual(['cash flow statement']);
    expect(statementsNamed('Using the statement of financial position, what were total assets?')).toEqual(['balance sheet']);
    expect(statementsNamed('What does the statement of comprehensive income show?')).toEqual(['comprehensive income']);
    expect(statementsNamed('From the statement of changes in equity, what dividends were paid?')).toEqual(['equity statement']);
    expect(statementsNamed('What was operating income per the P&L statement of operations?')).toEqual(['income statement']);
  });

  it('finds several, in a fixed order', () => {
    expect(statementsNamed('Using the cash flow statement and the income statement, compute the FCF margin.')).toEqual(['income statement', 'cash flow statement']);
  });

  it('finds none in a question that names no statement', () => {
    expect(statementsNamed('What is the capital expenditure in FY2022?')).toEqual([]);
    expect(statementsNamed('How much cash did 3M hold?')).toEqual([]);
  });
});

describe('recogniseStatement', () => {
  it('takes the nearest titling line, last first', () => {
    expect(recogniseStatement(['Consolidated Balance Sheets', 'Consolidated Statements of Operations'], [])).toBe('income statement');
    expect(recogniseStatement(['Consolidated Statements of Cash Flows', 'GENERAL MILLS, INC. AND SUBSIDIARIES'], [])).toBe('cash flow statement');
  });

  it('prefers the title over the rows', () => {
    expect(recogniseStatement(['Consolidated Statements of Comprehensive Income'], rows('Net income', 'Net sales', 'Cost of sales', 'Gross profit'))).toBe('comprehensive income');
  });

  it('recognises an untitled balance sheet by its rows', () => {
    expect(recogniseStatement([], rows('Cash', 'Inventories', 'Total current assets', 'Goodwill', 'Total assets', 'Accounts payable'))).toBe('balance sheet');
  });

  it('recognises an untitled income statement by its rows', () => {
    expect(recogniseStatement(['Years ended December 31'], rows('Net sales', 'Cost of sales', 'Gross profit', 'Operating income', 'Net income'))).toBe('income statement');
  });

  it('recognises an untitled cash flow statement by its rows, colons and footnote marks dropped', () => {
    expect(
      recogniseStatement(
        [],
        rows(
          'Net income',
          'Depreciation and amortization',
          'Net cash provided by operating activities:',
          'Net cash used in investing activities*',
          'Net cash used in financing activities',
        ),
      ),
    ).toBe('cash flow statement');
  });

  it('needs three typical rows', () => {
    expect(recogniseStatement([], rows('Net sales', 'Cost of sales', 'Marketing'))).toBeUndefined();
    expect(recogniseStatement([], rows('Net sales', 'Cost of sales', 'Gross profit'))).toBe('income statement');
  });

  it('does not recognise a contents list or another table', () => {
    expect(
      recogniseStatement(['Table of Contents'], rows('Consolidated Balance Sheets', 'Consolidated Statements of Operations', 'Consolidated Statements of Cash Flows')),
    ).toBeUndefined();
    expect(recogniseStatement(['Complete Blood Count'], rows('Hemoglobin', 'Hematocrit', 'Platelets'))).toBeUndefined();
  });
});
