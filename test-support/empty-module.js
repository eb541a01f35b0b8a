// Stands in for `server-only` under Jest, which is neither a client nor a server bundle.
module.exports = {};
