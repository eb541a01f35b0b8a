import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { UserMenu } from './user-menu';

function renderMenu() {
  const onProfile = jest.fn();
  renderWithIntl(
    <>
      <p>outside</p>
      <UserMenu title="Anna Albrecht" label="Benutzermenü" testId="user-menu">
        <span className="dropdown-item-text">anna@example.com</span>
        <a href="#profil" className="dropdown-item" onClick={onProfile}>
          Profil
        </a>
        <button type="button" className="dropdown-item">
          Abmelden
        </button>
      </UserMenu>
    </>,
  );
  return { toggle: screen.getByRole('button', { name: 'Anna Albrecht' }), onProfile };
}

async function nextFrame() {
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  });
}

describe('UserMenu', () => {
  it('opens on click, shows its items and closes on a second click', () => {
    const { toggle } = renderMenu();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('anna@example.com')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('anna@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('user-menu')).toHaveTextContent('Anna Albrecht');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('anna@example.com')).toBeNull();
  });

  it('closes on a click outside and when a link among its items is chosen', () => {
    const { toggle, onProfile } = renderMenu();
    fireEvent.click(toggle);
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    fireEvent.pointerDown(screen.getByText('Profil'));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByText('Profil'));
    expect(onProfile).toHaveBeenCalledTimes(1);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // A button among the items (the theme choice, "Abmelden") keeps it open.
    fireEvent.click(toggle);
    fireEvent.click(screen.getByText('Abmelden'));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves between the items with the arrow keys and gives the focus back on Escape', async () => {
    const { toggle } = renderMenu();
    toggle.focus();
    fireEvent.keyDown(toggle, { key: 'ArrowDown' });
    await nextFrame();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Profil')).toHaveFocus();
    fireEvent.keyDown(screen.getByText('Profil'), { key: 'ArrowDown' });
    await nextFrame();
    expect(screen.getByText('Abmelden')).toHaveFocus();
    fireEvent.keyDown(screen.getByText('Abmelden'), { key: 'ArrowDown' });
    await nextFrame();
    expect(screen.getByText('Profil')).toHaveFocus();
    fireEvent.keyDown(screen.getByText('Profil'), { key: 'ArrowUp' });
    await nextFrame();
    expect(screen.getByText('Abmelden')).toHaveFocus();
    fireEvent.keyDown(screen.getByText('Abmelden'), { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
