import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../../server/mailer';

describe('htmlToText', () => {
  it('strips tags and collapses whitespace', () => {
    expect(htmlToText('<p>Hello   <b>Casey</b>,\n\n   welcome</p>')).toBe('Hello Casey, welcome');
  });

  it('turns block ends and <br> into line breaks, at most one blank line', () => {
    expect(htmlToText('<h1>Deposit</h1><p>Amount: 100</p><div>Thanks</div><br><br><br>Team')).toBe('Deposit\n\nAmount: 100\n\nThanks\n\nTeam');
    expect(htmlToText('Line one<br/>Line two')).toBe('Line one\nLine two');
  });

  it('decodes basic, numeric and hex entities once, after the tags are gone', () => {
    expect(htmlToText('Tom &amp; Jerry &lt;b&gt; &quot;hi&quot; &#39;x&#39; &apos;y&apos; a&nbsp;b &#8364; &#x1F600;')).toBe(
      "Tom & Jerry <b> \"hi\" 'x' 'y' a b € 😀"
    );
    expect(htmlToText('&amp;lt; stays &amp;lt;')).toBe('&lt; stays &lt;');
    expect(htmlToText('&unknown; &#xZZ;')).toBe('&unknown; &#xZZ;');
  });

  it('drops styles, scripts, the head and comments', () => {
    expect(
      htmlToText('<html><head><title>T</title><style>p{color:red}</style></head><body><!-- note --><script>alert(1)</script><p>Body</p></body></html>')
    ).toBe('Body');
  });

  it('keeps link addresses and renders list items', () => {
    expect(htmlToText('<p>Open <a href="https://x.test/d/1">your deposit</a></p>')).toBe('Open your deposit (https://x.test/d/1)');
    expect(htmlToText('<a href="https://x.test">https://x.test</a>')).toBe('https://x.test');
    expect(htmlToText('<ul><li>One</li><li>Two</li></ul>')).toBe('- One\n- Two');
    expect(htmlToText('<table><tr><td>A</td><td>1</td></tr><tr><td>B</td><td>2</td></tr></table>')).toBe('A 1\n\nB 2');
  });

  it('leaves plain text alone', () => {
    expect(htmlToText('just text')).toBe('just text');
  });
});
