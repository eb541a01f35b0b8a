export {
  unknownPath as GET,
  unknownPath as POST,
  unknownPath as PATCH,
  unknownPath as PUT,
  unknownPath as DELETE,
} from '@/lib/server/http/unknown-path';
