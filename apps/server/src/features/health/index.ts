// The health feature's public surface: what app.ts may import (decision 014).
