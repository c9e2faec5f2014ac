import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { TableScroll } from './TableScroll';

/** jsdom lays nothing out: the widths a browser would measure. */
function widths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

const table = (
  <TableScroll label="Selected numbers and pools, scrolls sideways" className="data-table">
    <table aria-label="Selected numbers and pools">
      <tbody>
        <tr>
          <td>01614960000</td>
        </tr>
      </tbody>
    </table>
  </TableScroll>
);

afterEach(() => vi.restoreAllMocks());

describe('TableScroll', () => {
  test('a table wider than its card is in a focusable scroll region with a visible hint', () => {
    widths(1800, 970);
    render(table);
    const region = screen.getByRole('region', { name: 'Selected numbers and pools, scrolls sideways' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByRole('table', { name: 'Selected numbers and pools' }));
    expect(screen.getByText(/More columns to the right: scroll sideways/)).toBeVisible();
    expect(region).toHaveAccessibleDescription('More columns to the right: scroll sideways');
  });

  test('the hint goes once the last columns are in view, and never shows for a table that fits', () => {
    widths(1800, 970);
    render(table);
    const region = screen.getByRole('region');
    region.scrollLeft = 830;
    fireEvent.scroll(region);
    expect(screen.queryByText(/More columns/)).not.toBeInTheDocument();
  });

  test('a table that fits has no hint', () => {
    widths(900, 970);
    render(table);
    expect(screen.queryByText(/More columns/)).not.toBeInTheDocument();
  });
});
