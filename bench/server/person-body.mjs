/** The people @me/@self answer of the bundled world, which the baseline and the floor write. */
export const PERSON_BODY = JSON.stringify({
  entry: {
    id: "example.org:alice",
    nickname: "alice",
    displayName: "Alice",
    updated: "2026-01-02T03:04:05Z",
    hasApp: true,
    thumbnailUrl: "https://img.example.org/alice/thumb.jpg",
    isViewer: true,
    isOwner: true,
  },
  startIndex: 0,
  totalResults: 1,
});
