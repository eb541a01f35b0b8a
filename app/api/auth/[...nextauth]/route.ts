import NextAuth from 'next-auth';
import { getAuthOptions } from '@/lib/auth/options';

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, context: Context) {
  return NextAuth(req as never, context as never, getAuthOptions());
}

export { handler as GET, handler as POST };
