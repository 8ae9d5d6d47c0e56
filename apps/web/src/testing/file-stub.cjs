// Jest stand-in for style sheets and images imported by components.
module.exports = 'test-file-stub';
