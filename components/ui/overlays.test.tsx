import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { Popover } from './popover';
import { OVERLAY_POPPER_CONFIG, TOOLTIP_DELAY_MS, Tooltip } from './tooltip';

describe('Tooltip', () => {
  it('uses the seed constants', () => {
    expect(TOOLTIP_DELAY_MS).toBe(50);
    expect(OVERLAY_POPPER_CONFIG).toEqual({ modifiers: [{ name: 'preventOverflow', options: { padding: 5 } }] });
  });

  it('appears on keyboard focus and describes its trigger', async () => {
    const user = userEvent.setup();
    renderWithIntl(
      <Tooltip text="Kundennummer kopieren">
        <button type="button">K-1001</button>
      </Tooltip>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'K-1001' })).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Kundennummer kopieren');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'K-1001' })).toHaveAttribute('aria-describedby', tooltip.id),
    );
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});

describe('Popover', () => {
  it('opens on click and closes on a click elsewhere', async () => {
    const user = userEvent.setup();
    renderWithIntl(
      <div>
        <Popover title="Steuerfreigrenze" content="50 € im Monat">
          <button type="button">Hinweis</button>
        </Popover>
        <p>Außerhalb</p>
      </div>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(screen.getByRole('button', { name: 'Hinweis' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hinweis' }));
    const popover = await screen.findByRole('tooltip');
    expect(popover).toHaveClass('popover');
    expect(popover).toHaveTextContent('Steuerfreigrenze');
    expect(popover).toHaveTextContent('50 € im Monat');
    await user.click(screen.getByText('Außerhalb'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
