/**
 * The V8 bounds of the production server (`npm start`; `npm run bench` starts its server with the
 * same). A bounded old space keeps it well under 1 GB resident (the embedded database lives outside
 * the V8 heap); 8 MiB semi-spaces instead of 16 keep the young generation, which grows to its
 * maximum under load and does not give the memory back, about 30 MiB smaller for a few more
 * scavenges (issue 15: ≤ 400 MiB resident at the end of the bench).
 */
export const SERVER_NODE_OPTIONS = '--max-old-space-size=384 --max-semi-space-size=8';
