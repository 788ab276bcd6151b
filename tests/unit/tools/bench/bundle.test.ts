import { describe, expect, it } from 'vitest';
import { staticClosure, staticImports } from '../../../../tools/bench/bundle';

// The sign-in route's size is the entry and the LoginPage chunk with what they import statically;
// chunks loaded later with import() are not part of it.
describe('staticImports', () => {
  it('finds the chunks a minified chunk imports, not the ones it loads later', () => {
    const code =
      'import{a as e,b as t}from"./index-AB12.js";import"./side-effect-x_1.js";export{c as d}from"./re-export-Q.js";' +
      'const p=()=>import(`./DashboardPage-Zz9.js`),q=()=>import("./CustomersPage-1.js");import{x}from"./index-AB12.js";';
    expect(staticImports(code)).toEqual(['index-AB12.js', 'side-effect-x_1.js', 're-export-Q.js']);
  });
});

describe('staticClosure', () => {
  it('follows static imports transitively, once each, through cycles', () => {
    const files: Record<string, string> = {
      'index.js': 'import{a}from"./react.js";const l=()=>import("./LoginPage.js");',
      'LoginPage.js': 'import{a}from"./index.js";import{b}from"./form.js";',
      'form.js': 'import{a}from"./react.js";',
      'react.js': 'import{a}from"./index.js";',
      'DashboardPage.js': 'import{c}from"./charts.js";'
    };
    expect(staticClosure(['index.js', 'LoginPage.js'], (f) => files[f]!)).toEqual(['LoginPage.js', 'form.js', 'index.js', 'react.js']);
  });
});
