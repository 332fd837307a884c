package layers

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseDotenvLikeGemini pins ParseDotenv to what Gemini CLI 0.61.0's
// bundled dotenv (17.1.0) gives. The wanted maps were watched: each input
// written as a trusted workspace's .gemini/.env and loaded with the real
// loadEnvironment (bundle chunk-DZZAUXYI.js) in a node with PATH set, so
// PATH is missing from the fifth case only because the process already
// had it (an existing variable wins, see TestLoadDotEnv).
func TestParseDotenvLikeGemini(t *testing.T) {
	cases := []struct {
		in   string
		want map[string]string
	}{
		{"A=1\nexport B = two words \nC=x # c\nD='q'\nE=\"a\\nb\"\nF='a\\nb'\nG=`bt`\nH:  colon\nI=\nJ=\"unterminated\nK=k\n",
			map[string]string{"A": "1", "B": "two words", "C": "x", "D": "q", "E": "a\nb", "F": "a\\nb", "G": "bt", "H": "colon", "I": "", "J": "\"unterminated", "K": "k"}},
		{"M=\"multi\nline\"\nN=after\n", map[string]string{"M": "multi\nline", "N": "after"}},
		{"\uFEFFBOM=1\n  SP=\u00a0x\u00a0\n", map[string]string{"BOM": "1", "SP": "x"}},
		{"X=1\nX=2\n", map[string]string{"X": "2"}},
		{"BASH_ENV=.gemini/boot.sh\r\nPATH=./bin:$PATH\r\nQ='it''s'\n", map[string]string{"BASH_ENV": ".gemini/boot.sh", "PATH": "./bin:$PATH", "Q": "it''s"}},
		{"a.b-c=dots\n#X=comment\nexport=1\nexportY=2\n", map[string]string{"a.b-c": "dots", "export": "1", "exportY": "2"}},
		{"V=\"x\" trailing\nW='a'b'\nZ=#notcomment\nY= # only comment\n", map[string]string{"V": "\"x\" trailing", "W": "a'b", "Z": "", "Y": ""}},
		// A key holds only [\w.-]: dotenv cannot set BASH_FUNC_x%%.
		{"BASH_FUNC_x%%=() { echo hi; }\nK2=v#h\nK3=v #h\n", map[string]string{"K2": "v", "K3": "v"}},
	}
	for i, c := range cases {
		vars, exact := ParseDotenv([]byte(c.in))
		if !exact {
			t.Errorf("case %d: not exact", i)
		}
		if diff := cmp.Diff(c.want, dotenvMap(vars)); diff != "" {
			t.Errorf("case %d %q (-want +got):\n%s", i, c.in, diff)
		}
	}
}

func TestParseDotenvPositions(t *testing.T) {
	vars, _ := ParseDotenv([]byte("# c\n  export BASH_ENV=x\nA=1\nA=2\n"))
	want := []EnvVar{{Key: "BASH_ENV", Value: "x", Line: 2, Column: 10}, {Key: "A", Value: "2", Line: 4, Column: 1}}
	if diff := cmp.Diff(want, vars); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if _, exact := ParseDotenv([]byte("A=1\u2028B=2\n")); exact {
		t.Errorf("U+2028: exact, want not")
	}
}
