module.exports = require('../common/jest.frontend.cjs')(__dirname);
