import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { wrapHanging } from '../src/wrapHanging.ts';

const body = `{"_links":{"self":{"href":"http://conference.test/v1/speaker/77"}},"id":77,"name":"Anonymous"}`;

describe('wrapHanging', () => {
  it('continues a long report line under its value, never past the width', () => {
    const lines = wrapHanging(`  Received: ${body}`, 40).split('\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[0]).toMatch(/^ {2}Received:/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {12}\S/);
    const text = lines.map((line) => line.trim()).join('');
    expect(text).toBe(`Received: ${body}`);
  });

  it("continues a check's long name under the name, not under its mark", () => {
    const lines = wrapHanging(
      '✗ serves the application from src/server.ts with app.run(), on PORT',
      40,
    ).split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {2}\S/);
  });

  it('gives a long word after the indentation no empty row of its own', () => {
    const lines = wrapHanging(`            ${body}`, 40).split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).toMatch(/^ {12}\S/);
  });

  it('continues an indented line under its indentation', () => {
    const lines = wrapHanging(`            ${'word '.repeat(20).trim()}`, 40).split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).toMatch(/^ {12}\S/);
  });

  it('keeps colours across the breaks and leaves short lines alone', () => {
    const red = (text: string) => `\u001b[31m${text}\u001b[39m`;
    const wrapped = wrapHanging(
      `  Differs:  ${red('status is 201, not 401, and much more text here')}`,
      30,
    );
    const lines = wrapped.split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(stripVTControlCharacters(line).length).toBeLessThanOrEqual(30);
    expect(lines[1]).toContain('\u001b[31m');
    expect(wrapHanging('  Sent:     GET /speaker', 80)).toBe('  Sent:     GET /speaker');
  });
});
