import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServiceUnavailableError } from '@/lib/errors/service-unavailable';
import { renderWithIntl } from '@/test-support/render-with-intl';
import ErrorPage from './error';

const mockRefresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: mockRefresh, push: jest.fn() }) }));

/** What the error boundary receives in production: the message hidden, the digest kept. */
function asSeenInProduction(error: Error & { digest?: string }) {
  return Object.assign(new Error('An error occurred in the Server Components render.'), { digest: error.digest });
}

describe('ErrorPage', () => {
  beforeEach(() => {
    mockRefresh.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it('says the service is temporarily unavailable and retries on the server', async () => {
    const reset = jest.fn();
    renderWithIntl(<ErrorPage error={asSeenInProduction(new ServiceUnavailableError())} reset={reset} />);
    expect(screen.getByRole('heading', { name: 'Dienst vorübergehend nicht erreichbar' })).toBeInTheDocument();
    expect(screen.queryByTestId('error-page')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(mockRefresh).toHaveBeenCalledTimes(1);
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('keeps the generic error page with status code for other errors', () => {
    renderWithIntl(<ErrorPage error={Object.assign(new Error('x'), { digest: '12345' })} reset={jest.fn()} />);
    expect(screen.getByTestId('error-page')).toHaveTextContent('500');
    expect(screen.queryByText('Dienst vorübergehend nicht erreichbar')).toBeNull();
  });
});
