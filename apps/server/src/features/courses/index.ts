// The courses feature's public surface: what app.ts and other features may import (decision 014).
