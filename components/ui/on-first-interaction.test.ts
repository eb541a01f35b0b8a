import { onFirstInteraction } from './on-first-interaction';

describe('onFirstInteraction', () => {
  it.each(['pointerdown', 'keydown', 'focusin'])('runs once, at the first %s', (type) => {
    const callback = jest.fn();
    onFirstInteraction(callback);
    expect(callback).not.toHaveBeenCalled();
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs never once cleaned up', () => {
    const callback = jest.fn();
    onFirstInteraction(callback)();
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(callback).not.toHaveBeenCalled();
  });
});
