<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>App</name>
    <message>
        <source>Cannot open the games</source>
        <translation>対局データを開けません</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <source>This file cannot be imported: {reason}</source>
        <translation>このファイルは取り込めません: {reason}</translation>
    </message>
    <message>
        <source>Start a new game first.</source>
        <translation>先に新しい対局を始めてください。</translation>
    </message>
    <message>
        <source>Read-only: another scorekeeper window has these games open. Change them there.</source>
        <translation>読み取り専用: 別の scorekeeper ウィンドウがこの対局データを開いています。変更はそちらで行ってください。</translation>
    </message>
    <message>
        <source>taken back: {events}</source>
        <translation>取り消し: {events}</translation>
    </message>
    <message>
        <source>recorded: {events}</source>
        <translation>記録: {events}</translation>
    </message>
    <message>
        <source>no event changed</source>
        <translation>記録の変更なし</translation>
    </message>
    <message>
        <source>This game was changed in another window: reloaded ({changes}). Your action was not saved.</source>
        <translation>この対局は別のウィンドウで変更されたため、読み込み直しました ({changes})。今の操作は保存されていません。</translation>
    </message>
    <message>
        <source>riichi</source>
        <translation>立直</translation>
    </message>
    <message>
        <source>ron</source>
        <translation>ロン</translation>
    </message>
    <message>
        <source>tsumo</source>
        <translation>ツモ</translation>
    </message>
    <message>
        <source>draw</source>
        <translation>流局</translation>
    </message>
    <message>
        <source>nagashi mangan</source>
        <translation>流し満貫</translation>
    </message>
    <message>
        <source>abortive draw</source>
        <translation>途中流局</translation>
    </message>
    <message>
        <source>chombo</source>
        <translation>チョンボ</translation>
    </message>
    <message>
        <source>penalty</source>
        <translation>罰符</translation>
    </message>
    <message>
        <source>game ended</source>
        <translation>対局終了</translation>
    </message>
    <message>
        <source>last hand called</source>
        <translation>最終局の宣告</translation>
    </message>
    <message>
        <source>the dice at the time call</source>
        <translation>時間の合図時のサイコロ</translation>
    </message>
    <message>
        <source>dead hand</source>
        <translation>アガリ放棄</translation>
    </message>
    <message>
        <source>substitute</source>
        <translation>選手の交代</translation>
    </message>
    <message>
        <source>substitution taken out</source>
        <translation>選手の交代の取り消し</translation>
    </message>
    <message>
        <source>hand corrected</source>
        <translation>局の訂正</translation>
    </message>
    <message>
        <source>hand deleted</source>
        <translation>局の削除</translation>
    </message>
    <message>
        <source>hand inserted</source>
        <translation>局の挿入</translation>
    </message>
</context>
<context>
    <name>Crash</name>
    <message>
        <source>Something went wrong: {error}

The game is safe: every confirmed hand is saved. The details were written to {path}.</source>
        <translation>問題が発生しました: {error}

対局は安全です。確定した局はすべて保存されています。詳細は {path} に書き出しました。</translation>
    </message>
    <message>
        <source>Unexpected error</source>
        <translation>予期しないエラー</translation>
    </message>
</context>
<context>
    <name>Describe</name>
    <message>
        <source>Yakuman</source>
        <translation>役満</translation>
    </message>
    <message>
        <source>{n}× yakuman</source>
        <translation>{n}倍役満</translation>
    </message>
    <message>
        <source>{limit}, {han} han</source>
        <translation>{limit}・{han} 翻</translation>
    </message>
    <message>
        <source>{limit} ({han} han)</source>
        <translation>{limit} ({han} 翻)</translation>
    </message>
    <message>
        <source>{han} han {fu} fu</source>
        <translation>{han} 翻 {fu} 符</translation>
    </message>
    <message>
        <source>{points} points</source>
        <translation>{points} 点</translation>
    </message>
    <message>
        <source>Ron: {winners} from {discarder}</source>
        <translation>ロン: {winners} ← {discarder}</translation>
    </message>
    <message>
        <source>Tsumo: {winner}{value}</source>
        <translation>ツモ: {winner}{value}</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>流局</translation>
    </message>
    <message>
        <source>Draw: all noten</source>
        <translation>流局: 全員ノーテン</translation>
    </message>
    <message>
        <source>Draw: tenpai {seats}</source>
        <translation>流局: 聴牌 {seats}</translation>
    </message>
    <message>
        <source>Nagashi mangan: {seats}</source>
        <translation>流し満貫: {seats}</translation>
    </message>
    <message>
        <source>Abortive draw: {reason}</source>
        <translation>途中流局: {reason}</translation>
    </message>
    <message>
        <source>Chombo: {seat}</source>
        <translation>チョンボ: {seat}</translation>
    </message>
    <message>
        <source>{discarder} and {pao} (pao)</source>
        <translation>{discarder} と {pao} (包)</translation>
    </message>
    <message>
        <source>Ron: {winner} {value}, paid by {payer}</source>
        <translation>ロン: {winner} {value}、支払い {payer}</translation>
    </message>
    <message>
        <source>Tsumo: {winner} {value}, paid by {pao} (pao)</source>
        <translation>ツモ: {winner} {value}、支払い {pao} (包)</translation>
    </message>
    <message>
        <source>Tsumo: {winner} {value}, paid by all</source>
        <translation>ツモ: {winner} {value}、全員が支払い</translation>
    </message>
    <message>
        <source>Chombo: {name} {points}, taken after uma at the end</source>
        <translation>チョンボ: {name} {points} (終局時にウマの後で差し引き)</translation>
    </message>
    <message>
        <source>Chombo: {name} {points}</source>
        <translation>チョンボ: {name} {points}</translation>
    </message>
    <message>
        <source>Error: {error}.</source>
        <translation>誤り: {error}</translation>
    </message>
    <message>
        <source>Riichi: {names}</source>
        <translation>リーチ: {names}</translation>
    </message>
    <message>
        <source>Dead hand: {names}.</source>
        <translation>アガリ放棄: {names}</translation>
    </message>
    <message>
        <source>{name}: {points} points, as the table worked them out</source>
        <translation>{name}: {points} 点 (卓で計算した値)</translation>
    </message>
    <message>
        <source>{name}: {points} points</source>
        <translation>{name}: {points} 点</translation>
    </message>
    <message>
        <source>{yaku} (yakuman)</source>
        <translation>{yaku} (役満)</translation>
    </message>
    <message>
        <source>{yaku} {han} han</source>
        <translation>{yaku} {han} 翻</translation>
    </message>
    <message>
        <source>Dora</source>
        <translation>ドラ</translation>
    </message>
    <message>
        <source>Red fives</source>
        <translation>赤ドラ</translation>
    </message>
    <message>
        <source>Ura dora</source>
        <translation>裏ドラ</translation>
    </message>
    <message>
        <source>{fu} fu</source>
        <translation>{fu} 符</translation>
    </message>
    <message>
        <source>{name}: {items}</source>
        <translation>{name}: {items}</translation>
    </message>
    <message>
        <source>hand</source>
        <translation>和了</translation>
    </message>
    <message>
        <source>honba</source>
        <translation>本場</translation>
    </message>
    <message>
        <source>riichi sticks</source>
        <translation>供託</translation>
    </message>
    <message>
        <source>riichi stick back</source>
        <translation>リーチ棒返却</translation>
    </message>
    <message>
        <source>noten</source>
        <translation>ノーテン罰符</translation>
    </message>
    <message>
        <source>nagashi mangan</source>
        <translation>流し満貫</translation>
    </message>
    <message>
        <source>chombo</source>
        <translation>チョンボ</translation>
    </message>
    <message>
        <source>the table</source>
        <translation>供託</translation>
    </message>
    <message>
        <source>{reason}, pao</source>
        <translation>{reason}、包</translation>
    </message>
    <message>
        <source>{payer} → {payee}: {points} ({reason})</source>
        <translation>{payer} → {payee}: {points} ({reason})</translation>
    </message>
    <message>
        <source>No points change hands.</source>
        <translation>点数の移動はありません。</translation>
    </message>
</context>
<context>
    <name>DialogButtons</name>
    <message>
        <source>Confirm</source>
        <translation>確定</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
</context>
<context>
    <name>DrawDialog</name>
    <message>
        <source>Draw, abortive draw or chombo</source>
        <translation>流局・途中流局・チョンボ</translation>
    </message>
    <message>
        <source>Who is tenpai?</source>
        <translation>聴牌は誰?</translation>
    </message>
    <message>
        <source>Tick this player if their hand was one tile from winning.</source>
        <translation>あと1枚で和了の形 (聴牌) だった人に印を付けます。</translation>
    </message>
    <message>
        <source>Nagashi mangan (all discards terminals and honours, none called)</source>
        <translation>流し満貫 (捨て牌がすべて么九牌で、鳴かれていない)</translation>
    </message>
    <message>
        <source>This player's discards were all terminals and honours, none taken (nagashi mangan).</source>
        <translation>この人の捨て牌はすべて么九牌で、鳴かれていません (流し満貫)。</translation>
    </message>
    <message>
        <source>Exhaustive draw</source>
        <translation>荒牌流局</translation>
    </message>
    <message>
        <source>Why the hand was abandoned.</source>
        <translation>途中流局の理由。</translation>
    </message>
    <message>
        <source>Abortive draw</source>
        <translation>途中流局</translation>
    </message>
    <message>
        <source>Who made the chombo?</source>
        <translation>チョンボしたのは誰?</translation>
    </message>
    <message>
        <source>This player broke the rule and pays the chombo penalty.</source>
        <translation>この人が反則をしたので、チョンボの罰符を払います。</translation>
    </message>
    <message>
        <source>Which error? (optional)</source>
        <translation>どの誤りか (任意)</translation>
    </message>
    <message>
        <source>Not said</source>
        <translation>指定なし</translation>
    </message>
    <message>
        <source>The error is left unsaid.</source>
        <translation>誤りの種類は記録しません。</translation>
    </message>
    <message>
        <source>The error this chombo was for.</source>
        <translation>このチョンボの原因となった誤りです。</translation>
    </message>
    <message>
        <source>Chombo</source>
        <translation>チョンボ</translation>
    </message>
    <message>
        <source>Record this result. Undo (Ctrl+Z) takes it back.</source>
        <translation>この結果を記録します。「元に戻す」(Ctrl+Z) で取り消せます。</translation>
    </message>
    <message>
        <source>Choose who made the chombo.</source>
        <translation>チョンボした人を選んでください。</translation>
    </message>
</context>
<context>
    <name>EditHandDialog</name>
    <message>
        <source>Forgotten hand before {label}</source>
        <translation>{label} の前の記録漏れの局</translation>
    </message>
    <message>
        <source>Edit hand {label}</source>
        <translation>{label} を修正</translation>
    </message>
    <message>
        <source>A forgotten hand, played before {label}</source>
        <translation>{label} の前に行われた記録漏れの局</translation>
    </message>
    <message>
        <source>Hand {label}</source>
        <translation>{label}</translation>
    </message>
    <message>
        <source>Riichi declared</source>
        <translation>立直した人</translation>
    </message>
    <message>
        <source>Ron…</source>
        <translation>ロン…</translation>
    </message>
    <message>
        <source>The hand ended with a win off a discard: enter it again.</source>
        <translation>この局はロン和了でした。入力し直します。</translation>
    </message>
    <message>
        <source>Tsumo…</source>
        <translation>ツモ…</translation>
    </message>
    <message>
        <source>The hand ended with a self-drawn win: enter it again.</source>
        <translation>この局はツモ和了でした。入力し直します。</translation>
    </message>
    <message>
        <source>Draw, abort or chombo…</source>
        <translation>流局・途中流局・チョンボ…</translation>
    </message>
    <message>
        <source>The hand ended with no winner, was abandoned, or had a chombo.</source>
        <translation>この局は流局、途中流局、またはチョンボでした。</translation>
    </message>
    <message>
        <source>Enter the result:</source>
        <translation>結果を入力:</translation>
    </message>
    <message>
        <source>Change the result:</source>
        <translation>結果を変更:</translation>
    </message>
    <message>
        <source>Insert hand</source>
        <translation>局を挿入</translation>
    </message>
    <message>
        <source>Save correction</source>
        <translation>修正を保存</translation>
    </message>
    <message>
        <source>Record this hand; every later hand is worked out again.</source>
        <translation>この局を記録します。以降の局はすべて再計算されます。</translation>
    </message>
    <message>
        <source>Every later hand is recomputed. Undo takes the new hand out again.</source>
        <translation>以降の局はすべて再計算されます。「元に戻す」で挿入を取り消せます。</translation>
    </message>
    <message>
        <source>Every later hand is recomputed. Undo takes the correction back.</source>
        <translation>以降の局はすべて再計算されます。「元に戻す」で修正を取り消せます。</translation>
    </message>
    <message>
        <source>No result yet: choose Ron, Tsumo or Draw below.</source>
        <translation>まだ結果がありません。下のロン、ツモ、流局から選んでください。</translation>
    </message>
    <message>
        <source>This correction cannot be saved: {reason}</source>
        <translation>この訂正は保存できません: {reason}</translation>
    </message>
    <message>
        <source>This hand ({label})</source>
        <translation>この局 ({label})</translation>
    </message>
    <message>
        <source>End of the game</source>
        <translation>終局時</translation>
    </message>
    <message>
        <source>Scores now</source>
        <translation>現在の点数</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>ポイント</translation>
    </message>
    <message>
        <source>No score changes.</source>
        <translation>点数は変わりません。</translation>
    </message>
    <message>
        <source>The game now ends before {player} came in for {left} (hand {n}): that substitution is taken out, and {left} is credited with the seat's whole result.</source>
        <translation>訂正により、{player} が {left} の代わりに入る前 (第 {n} 局) に対局が終わります: この交代は取り消され、その席の成績はすべて {left} に計上されます。</translation>
    </message>
    <message>
        <source>What the correction changes (before → after):</source>
        <translation>訂正による変化 (訂正前 → 訂正後):</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>a yakuman</source>
        <translation>役満</translation>
    </message>
    <message>
        <source>a sanbaiman</source>
        <translation>三倍満</translation>
    </message>
    <message>
        <source>nothing (not a yaku)</source>
        <translation>役にならない</translation>
    </message>
    <message>
        <source>a mangan</source>
        <translation>満貫</translation>
    </message>
    <message>
        <source>5 han, adding up</source>
        <translation>5翻 (他の役と複合)</translation>
    </message>
    <message>
        <source>hanchan (East and South)</source>
        <translation>半荘 (東南戦)</translation>
    </message>
    <message>
        <source>tonpuusen (East only)</source>
        <translation>東風戦</translation>
    </message>
    <message>
        <source>allowed</source>
        <translation>あり</translation>
    </message>
    <message>
        <source>an abortive draw</source>
        <translation>途中流局</translation>
    </message>
    <message>
        <source>head bump (nearest winner only)</source>
        <translation>頭ハネ (上家取り)</translation>
    </message>
    <message>
        <source>each winner</source>
        <translation>和了者それぞれ</translation>
    </message>
    <message>
        <source>the winner nearest the discarder</source>
        <translation>放銃者に近い和了者</translation>
    </message>
    <message>
        <source>own stick back, the rest to the nearest</source>
        <translation>自分のリーチ棒は戻り、残りは近い和了者へ</translation>
    </message>
    <message>
        <source>at once, as a reverse mangan</source>
        <translation>その場で満貫払い</translation>
    </message>
    <message>
        <source>as a penalty after uma</source>
        <translation>ウマの後に罰符</translation>
    </message>
    <message>
        <source>only the liable yakuman</source>
        <translation>包の役満の分のみ</translation>
    </message>
    <message>
        <source>the full value</source>
        <translation>全額</translation>
    </message>
    <message>
        <source>the full value on a tsumo, the liable yakuman on a ron</source>
        <translation>ツモは全額、ロンは責任役満のみ</translation>
    </message>
    <message>
        <source>first place</source>
        <translation>トップ</translation>
    </message>
    <message>
        <source>first place, split when tied</source>
        <translation>トップ (同点なら等分)</translation>
    </message>
    <message>
        <source>first place, split when tied (rounded down)</source>
        <translation>1位へ（同点は等分、端数切り捨て）</translation>
    </message>
    <message>
        <source>the hand in play is the last</source>
        <translation>現在の局で終了</translation>
    </message>
    <message>
        <source>the game ends at once</source>
        <translation>直ちに終了</translation>
    </message>
    <message>
        <source>this hand and one more (chombo not counted)</source>
        <translation>この局とあと1局（チョンボは数えない）</translation>
    </message>
    <message>
        <source>this hand and one more (chombo counted)</source>
        <translation>この局とあと1局（チョンボも1局）</translation>
    </message>
    <message>
        <source>nobody (they leave the game)</source>
        <translation>なし (消える)</translation>
    </message>
    <message>
        <source>broken by seat order</source>
        <translation>席順で決める</translation>
    </message>
    <message>
        <source>share places and uma</source>
        <translation>同順位でウマを分ける</translation>
    </message>
    <message>
        <source>exact, to 0.1</source>
        <translation>0.1 単位で正確に</translation>
    </message>
    <message>
        <source>tenhou.net (whole points)</source>
        <translation>天鳳方式 (整数)</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>新しい対局</translation>
    </message>
    <message>
        <source>Player {n}</source>
        <translation>プレイヤー {n}</translation>
    </message>
    <message>
        <source>Move up one seat</source>
        <translation>一つ上の席へ</translation>
    </message>
    <message>
        <source>Seat {n} ({wind} first)</source>
        <translation>席 {n} (最初は{wind})</translation>
    </message>
    <message>
        <source>Guest</source>
        <translation>ゲスト</translation>
    </message>
    <message>
        <source>A guest is not added to the players list and counts in no statistics.</source>
        <translation>ゲストはプレイヤー一覧に加えず、成績にも数えません。</translation>
    </message>
    <message>
        <source>Random seating</source>
        <translation>席をランダムに決める</translation>
    </message>
    <message>
        <source>Seat the four players in a random order.</source>
        <translation>4人の席をランダムに決めます。</translation>
    </message>
    <message>
        <source>{name} (saved)</source>
        <translation>{name} (保存済み)</translation>
    </message>
    <message>
        <source>Save ruleset as…</source>
        <translation>ルールを保存…</translation>
    </message>
    <message>
        <source>Keep these rules under a name of your own, to pick them next time.</source>
        <translation>このルールに名前を付けて保存し、次回から選べるようにします。</translation>
    </message>
    <message>
        <source>Start game</source>
        <translation>対局開始</translation>
    </message>
    <message>
        <source>Start the game with these players, seats and rules.</source>
        <translation>この顔ぶれ、席順、ルールで対局を始めます。</translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation>ルール</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>{name} (modified)</source>
        <translation>{name} (変更あり)</translation>
    </message>
    <message>
        <source>Hand scoring</source>
        <translation>手牌の点数</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>卓のルール</translation>
    </message>
    <message>
        <source>Save ruleset</source>
        <translation>ルールを保存</translation>
    </message>
    <message>
        <source>Name of this ruleset:</source>
        <translation>このルールの名前:</translation>
    </message>
    <message>
        <source>Red fives count as dora</source>
        <translation>赤ドラあり</translation>
    </message>
    <message>
        <source>Red fives in the set (man, pin, sou)</source>
        <translation>赤五の枚数 (萬子・筒子・索子)</translation>
    </message>
    <message>
        <source>Open tanyao (kuitan)</source>
        <translation>喰いタンあり</translation>
    </message>
    <message>
        <source>Kiriage mangan (4 han 30 fu, 3 han 60 fu)</source>
        <translation>切り上げ満貫 (4翻30符・3翻60符)</translation>
    </message>
    <message>
        <source>13+ han without a yakuman is worth</source>
        <translation>役満なしの13翻以上 (数え役満)</translation>
    </message>
    <message>
        <source>Double yakuman hands</source>
        <translation>ダブル役満あり</translation>
    </message>
    <message>
        <source>Several yakuman add up</source>
        <translation>複合役満あり</translation>
    </message>
    <message>
        <source>Fu for a double-wind pair</source>
        <translation>連風牌の雀頭の符</translation>
    </message>
    <message>
        <source>Renhou is worth</source>
        <translation>人和の扱い</translation>
    </message>
    <message>
        <source>Aotenjou (no limits)</source>
        <translation>青天井 (上限なし)</translation>
    </message>
    <message>
        <source>Starting points</source>
        <translation>配給原点</translation>
    </message>
    <message>
        <source>Return points (oka to first)</source>
        <translation>返し点 (オカはトップへ)</translation>
    </message>
    <message>
        <source>Uma, 1st to 4th (thousands)</source>
        <translation>ウマ (1位〜4位、千点単位)</translation>
    </message>
    <message>
        <source>Game length</source>
        <translation>対局の長さ</translation>
    </message>
    <message>
        <source>Points per honba</source>
        <translation>1本場の点数</translation>
    </message>
    <message>
        <source>Riichi allowed below 1,000 points</source>
        <translation>1,000点未満でも立直可</translation>
    </message>
    <message>
        <source>Double ron</source>
        <translation>ダブロンあり</translation>
    </message>
    <message>
        <source>Triple ron</source>
        <translation>トリプルロン</translation>
    </message>
    <message>
        <source>Honba on a multiple ron go to</source>
        <translation>複数ロンの積み棒</translation>
    </message>
    <message>
        <source>Riichi sticks on a multiple ron go to</source>
        <translation>複数ロンの供託</translation>
    </message>
    <message>
        <source>Noten payment in total</source>
        <translation>ノーテン罰符の合計</translation>
    </message>
    <message>
        <source>Nagashi mangan</source>
        <translation>流し満貫</translation>
    </message>
    <message>
        <source>Abortive draws</source>
        <translation>途中流局</translation>
    </message>
    <message>
        <source>Dealer repeats when tenpai at a draw</source>
        <translation>流局時、親が聴牌なら連荘</translation>
    </message>
    <message>
        <source>Dealer repeats after an abortive draw</source>
        <translation>途中流局で連荘</translation>
    </message>
    <message>
        <source>Chombo is paid</source>
        <translation>チョンボの支払い</translation>
    </message>
    <message>
        <source>Chombo penalty (points)</source>
        <translation>チョンボの罰符 (点)</translation>
    </message>
    <message>
        <source>Chombo returns the riichi sticks</source>
        <translation>チョンボでリーチ棒を返す</translation>
    </message>
    <message>
        <source>Pao covers, with several yakuman</source>
        <translation>複合役満時の包の範囲</translation>
    </message>
    <message>
        <source>Yakuman with pao</source>
        <translation>包のある役満</translation>
    </message>
    <message>
        <source>Bust ends the game (below zero)</source>
        <translation>トビで終了 (0点未満)</translation>
    </message>
    <message>
        <source>Extension round when nobody reaches the target</source>
        <translation>目標点に届かなければ延長戦</translation>
    </message>
    <message>
        <source>Extension rounds at most (1: West only)</source>
        <translation>延長する場の数 (1: 西場まで)</translation>
    </message>
    <message>
        <source>Target points</source>
        <translation>目標点</translation>
    </message>
    <message>
        <source>Agari-yame (leading dealer may stop)</source>
        <translation>アガリやめ</translation>
    </message>
    <message>
        <source>Tenpai-yame</source>
        <translation>テンパイやめ</translation>
    </message>
    <message>
        <source>A dealer who stays in the last hand plays on, even past the target</source>
        <translation>オーラス・延長戦の親の連荘を優先 (目標点に達した者がいても続行)</translation>
    </message>
    <message>
        <source>An abortive draw can end the game</source>
        <translation>途中流局で終局することがある</translation>
    </message>
    <message>
        <source>Leftover riichi sticks go to</source>
        <translation>終局時の供託</translation>
    </message>
    <message>
        <source>Tied final scores</source>
        <translation>同点の順位</translation>
    </message>
    <message>
        <source>Plus-minus rounding</source>
        <translation>ポイントの端数処理</translation>
    </message>
    <message>
        <source>When time is called</source>
        <translation>時間切れのとき</translation>
    </message>
</context>
<context>
    <name>OpenGameDialog</name>
    <message>
        <source>Open a game</source>
        <translation>対局を開く</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>最終更新</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>ルール</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>custom</source>
        <translation>カスタム</translation>
    </message>
    <message>
        <source>damaged: {problem}</source>
        <translation>破損: {problem}</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>in play ({n} events)</source>
        <translation>対局中 ({n} 件)</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>開く</translation>
    </message>
    <message>
        <source>Continue the chosen game where it was left.</source>
        <translation>選んだ対局を、止めたところから続けます。</translation>
    </message>
    <message>
        <source>No games stored yet.</source>
        <translation>保存された対局はまだありません。</translation>
    </message>
</context>
<context>
    <name>PenaltyDialog</name>
    <message>
        <source>Referee penalty</source>
        <translation>審判の罰符</translation>
    </message>
    <message>
        <source>e.g. slow play</source>
        <translation>例: 遅延</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>Points (negative: penalty)</source>
        <translation>点数 (マイナスは罰符)</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
</context>
<context>
    <name>PlayerNameDialog</name>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
</context>
<context>
    <name>QuickEntryWidget</name>
    <message>
        <source>Han</source>
        <translation>翻</translation>
    </message>
    <message>
        <source>13+</source>
        <translation>13+</translation>
    </message>
    <message>
        <source>Fu</source>
        <translation>符</translation>
    </message>
    <message>
        <source>Or yakuman</source>
        <translation>または役満</translation>
    </message>
    <message>
        <source>Yakuman</source>
        <translation>役満</translation>
    </message>
    <message>
        <source>{n}× yakuman</source>
        <translation>{n}倍役満</translation>
    </message>
    <message>
        <source>Choose han and fu, or a number of yakuman.</source>
        <translation>翻と符、または役満の数を選んでください。</translation>
    </message>
    <message>
        <source>{n} all</source>
        <translation>{n} オール</translation>
    </message>
    <message>
        <source>{total} points{limit}</source>
        <translation>{total} 点{limit}</translation>
    </message>
    <message>
        <source>{total} points{limit} ({paid})</source>
        <translation>{total} 点{limit} ({paid})</translation>
    </message>
</context>
<context>
    <name>ResultsDialog</name>
    <message>
        <source>Final results</source>
        <translation>最終結果</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>順位</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>持ち点</translation>
    </message>
    <message>
        <source>Uma/oka</source>
        <translation>ウマ・オカ</translation>
    </message>
    <message>
        <source>Penalties</source>
        <translation>罰符</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>ポイント</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>CSV に書き出す</translation>
    </message>
    <message>
        <source>Save every hand and the final table as a spreadsheet file.</source>
        <translation>全局の記録と最終結果を表計算用のファイルに保存します。</translation>
    </message>
    <message>
        <source>Export game record</source>
        <translation>牌譜記録を書き出す</translation>
    </message>
    <message>
        <source>Save the whole game as a file this app (or another) can import.</source>
        <translation>対局全体を、このアプリ (や他のアプリ) で取り込めるファイルに保存します。</translation>
    </message>
    <message>
        <source>Save as PDF</source>
        <translation>PDF で保存</translation>
    </message>
    <message>
        <source>Save the game's record as a PDF file: players, every hand, penalties, final table and chart.</source>
        <translation>対局の記録を PDF ファイルに保存します。参加者、全局の結果、罰符、最終結果、点数の推移グラフを含みます。</translation>
    </message>
    <message>
        <source>Print…</source>
        <translation>印刷…</translation>
    </message>
    <message>
        <source>Print this results page.</source>
        <translation>この結果ページを印刷します。</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>1 riichi stick was left on the table.</source>
        <translation>供託のリーチ棒が 1 本残りました。</translation>
    </message>
    <message>
        <source>{n} riichi sticks were left on the table.</source>
        <translation>供託のリーチ棒が {n} 本残りました。</translation>
    </message>
    <message>
        <source>This ruleset gives leftover sticks to first place (included in the score).</source>
        <translation>このルールでは残った供託はトップが受け取ります (持ち点に含みます)。</translation>
    </message>
    <message>
        <source>This ruleset splits leftover sticks between the players tied first (included in the score).</source>
        <translation>このルールでは残った供託は同点トップで分けます (持ち点に含みます)。</translation>
    </message>
    <message>
        <source>This ruleset gives leftover sticks to nobody.</source>
        <translation>このルールでは残った供託は誰も受け取りません。</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>{path} に保存しました</translation>
    </message>
</context>
<context>
    <name>WinValueWidget</name>
    <message>
        <source>Tap the tiles of the winning hand: the app finds the yaku, fu and points for you.</source>
        <translation>和了形の牌をタップすると、役・符・点数を自動で求めます。</translation>
    </message>
    <message>
        <source>Just tap the han and fu the table counted (or the number of yakuman).</source>
        <translation>卓で数えた翻と符 (または役満の数) をタップするだけです。</translation>
    </message>
    <message>
        <source>Tick the yaku the hand has, count the dora and pick the fu: no tiles needed.</source>
        <translation>役に印を付け、ドラを数え、符を選びます。牌の入力は不要です。</translation>
    </message>
    <message>
        <source>Tiles</source>
        <translation>牌</translation>
    </message>
    <message>
        <source>Quick</source>
        <translation>翻符</translation>
    </message>
    <message>
        <source>Yaku list</source>
        <translation>役一覧</translation>
    </message>
    <message>
        <source>Tap the tiles of the winning hand: the app works out its points and doubles.</source>
        <translation>和了形の牌をタップすると、点と倍を自動で求めます。</translation>
    </message>
    <message>
        <source>The hand's value in points, as the table worked it out</source>
        <translation>卓で計算した手の点数</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>点数</translation>
    </message>
    <message>
        <source>Type the hand's value in points, as the table worked it out.</source>
        <translation>卓で計算した手の点数を入力します。</translation>
    </message>
    <message>
        <source>Yaku reference</source>
        <translation>役一覧</translation>
    </message>
    <message>
        <source>Who fed the last set (pao)?</source>
        <translation>最後の面子を鳴かせたのは誰? (包)</translation>
    </message>
    <message>
        <source>Nobody</source>
        <translation>なし</translation>
    </message>
</context>
<context>
    <name>WinDialog</name>
    <message>
        <source>Win</source>
        <translation>和了</translation>
    </message>
    <message>
        <source>Ron</source>
        <translation>ロン</translation>
    </message>
    <message>
        <source>The winner took another player's discard.</source>
        <translation>和了者は他家の捨て牌で和了しました。</translation>
    </message>
    <message>
        <source>Tsumo</source>
        <translation>ツモ</translation>
    </message>
    <message>
        <source>The winner drew the winning tile themselves.</source>
        <translation>和了者は和了牌を自分で引きました。</translation>
    </message>
    <message>
        <source>Winner</source>
        <translation>和了者</translation>
    </message>
    <message>
        <source>Discarder</source>
        <translation>放銃者</translation>
    </message>
    <message>
        <source>Tap the player who won (tap more than one for a double ron).</source>
        <translation>和了した人をタップします (ダブロンは複数タップ)。</translation>
    </message>
    <message>
        <source>Tap the player whose discard was taken: they pay.</source>
        <translation>和了牌を捨てた人をタップします。その人が支払います。</translation>
    </message>
    <message>
        <source>Record this result. Undo (Ctrl+Z) takes it back.</source>
        <translation>この結果を記録します。「元に戻す」(Ctrl+Z) で取り消せます。</translation>
    </message>
    <message>
        <source>Winners</source>
        <translation>和了者 (複数可)</translation>
    </message>
    <message>
        <source>{name}'s hand</source>
        <translation>{name} の手牌</translation>
    </message>
    <message>
        <source>Tap the winner.</source>
        <translation>和了者を選んでください。</translation>
    </message>
    <message>
        <source>Tap who discarded the winning tile.</source>
        <translation>和了牌を捨てた人を選んでください。</translation>
    </message>
    <message>
        <source>Enter the value of {name}'s hand.</source>
        <translation>{name} の手の点数を入力してください。</translation>
    </message>
    <message>
        <source>Now {name}'s value: tap the tab “{tab}” above.</source>
        <translation>次は {name} の点数です。上のタブ「{tab}」をタップしてください。</translation>
    </message>
    <message>
        <source>What you entered before you cancelled is back.</source>
        <translation>キャンセル前に入力した内容を戻しました。</translation>
    </message>
</context>
<context>
    <name>YakuListWidget</name>
    <message>
        <source>Open hand (a call was made)</source>
        <translation>副露あり (鳴いた手)</translation>
    </message>
    <message>
        <source>Fu</source>
        <translation>符</translation>
    </message>
    <message>
        <source>Dora (incl. red fives and ura)</source>
        <translation>ドラ (赤ドラ・裏ドラを含む)</translation>
    </message>
    <message>
        <source>Tick at least one yaku: dora alone is never a yaku.</source>
        <translation>役を一つ以上選んでください。ドラだけでは役になりません。</translation>
    </message>
    <message>
        <source>{han} han: pick the fu.</source>
        <translation>{han} 翻: 符を選んでください。</translation>
    </message>
    <message>
        <source>{n}× yakuman</source>
        <translation>{n}倍役満</translation>
    </message>
    <message>
        <source>{han} han {fu} fu{limit} (base {base})</source>
        <translation>{han} 翻 {fu} 符{limit} (基本点 {base})</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>Character {position} of "{text}" ({char}) is not tile notation: tiles are digits followed by m, p, s or z.</source>
        <translation>「{text}」の {position} 文字目 ({char}) は牌の表記ではありません。牌は数字の後に m・p・s・z を付けて書きます。</translation>
    </message>
    <message>
        <source>"{char}" (character {position} of "{text}") has no digits before it.</source>
        <translation>「{text}」の {position} 文字目の「{char}」の前に数字がありません。</translation>
    </message>
    <message>
        <source>There is no tile {tile} (character {position} of "{text}").</source>
        <translation>{tile} という牌はありません (「{text}」の {position} 文字目)。</translation>
    </message>
    <message>
        <source>The digits at the end of "{text}" have no letter after them (m, p, s, z; f for flowers).</source>
        <translation>「{text}」の最後の数字の後に種類の文字 (m・p・s・z、花牌は f) がありません。</translation>
    </message>
    <message>
        <source>"{text}" is not one tile but {count}.</source>
        <translation>「{text}」は 1 枚の牌ではなく {count} 枚です。</translation>
    </message>
    <message>
        <source>The game has already ended, after {hands} hands.</source>
        <translation>対局はすでに終了しています ({hands} 局)。</translation>
    </message>
    <message>
        <source>{player} has already declared riichi this hand.</source>
        <translation>{player} はこの局ですでに立直しています。</translation>
    </message>
    <message>
        <source>{player} has {points} points: riichi needs 1,000.</source>
        <translation>{player} の持ち点は {points} 点です。立直には 1,000 点が必要です。</translation>
    </message>
    <message>
        <source>The {ruleset} rules have no riichi.</source>
        <translation>{ruleset} のルールには立直がありません。</translation>
    </message>
    <message>
        <source>Nothing to undo.</source>
        <translation>元に戻せる操作はありません。</translation>
    </message>
    <message>
        <source>Nothing to redo.</source>
        <translation>やり直せる操作はありません。</translation>
    </message>
    <message>
        <source>Hand {hand} is unchanged: there is nothing to correct.</source>
        <translation>{hand} は変更されていません。訂正するものはありません。</translation>
    </message>
    <message>
        <source>There is no hand {hand}: the game has {hands} finished hands.</source>
        <translation>{hand} 局目はありません (終了した局は {hands} 局です)。</translation>
    </message>
    <message>
        <source>Time was already called in {hand}.</source>
        <translation>{hand} ですでに時間切れが宣言されています。</translation>
    </message>
    <message>
        <source>{player}'s hand was declared dead: a dead hand cannot declare riichi.</source>
        <translation>{player} の手はアガリ放棄（死に手）と宣告されています。死に手はリーチできません。</translation>
    </message>
    <message>
        <source>{player}'s hand was already declared dead this hand.</source>
        <translation>{player} の手はこの局ですでにアガリ放棄（死に手）と宣告されています。</translation>
    </message>
    <message>
        <source>{player}'s hand was declared dead: a dead hand cannot win and is never tenpai.</source>
        <translation>{player} の手はアガリ放棄（死に手）と宣告されています。死に手は和了できず、テンパイにもなりません。</translation>
    </message>
    <message>
        <source>{player} already sits at this table: the substitute for {leaving} must be someone else.</source>
        <translation>{player} はすでにこの卓に着いています。{leaving} の代わりは別の人にしてください。</translation>
    </message>
    <message>
        <source>{player} already sits at that seat: there is nobody to replace.</source>
        <translation>{player} はすでにその席に着いています。交代する相手がいません。</translation>
    </message>
    <message>
        <source>The game would end after hand {hands}, before {player} came in for {leaving} (hand {hand}): take that substitution out first, then correct the hand.</source>
        <translation>{player} が {leaving} の代わりに入る前 (第 {hand} 局) の第 {hands} 局で対局が終わってしまいます。先にその交代を取り消してから局を訂正してください。</translation>
    </message>
    <message>
        <source>{player} did not come in at {leaving}'s seat: there is no substitution to take out.</source>
        <translation>{player} は {leaving} の席に入っていません。取り消す交代はありません。</translation>
    </message>
    <message>
        <source>Game {game} would have two players called {name} (the other: {other}): each player of a game needs a name of their own.</source>
        <translation>対局 {game} に {name} という名前の選手が 2 人になってしまいます (もう 1 人: {other})。1 つの対局では選手ごとに別の名前が必要です。</translation>
    </message>
    <message>
        <source>{other} and {name} sat at two different seats of game {game}: they are two people.</source>
        <translation>{other} と {name} は対局 {game} で別々の席に座っています。別の人です。</translation>
    </message>
    <message>
        <source>A player cannot win on their own discard.</source>
        <translation>自分の捨て牌では和了できません。</translation>
    </message>
    <message>
        <source>A player cannot be liable (pao) for their own win.</source>
        <translation>自分の和了の責任払い (パオ) にはなれません。</translation>
    </message>
    <message>
        <source>No win has {han} han {fu} fu.</source>
        <translation>{han}翻{fu}符の和了はありえません。</translation>
    </message>
    <message>
        <source>No hand wins by tsumo with {han} han {fu} fu.</source>
        <translation>{han}翻{fu}符のツモ和了はありえません。</translation>
    </message>
    <message>
        <source>No hand wins by ron with {han} han {fu} fu.</source>
        <translation>{han}翻{fu}符のロン和了はありえません。</translation>
    </message>
    <message>
        <source>{tiles} is not a chi: a chi is three tiles in a row of one number suit.</source>
        <translation>{tiles} はチーになりません (チーは同じ種類の数牌が 3 枚続いたものです)。</translation>
    </message>
    <message>
        <source>This correction cannot be made: {reason}</source>
        <translation>この訂正はできません: {reason}</translation>
    </message>
    <message>
        <source>{knob}: the value must be a positive multiple of {step} (not {value}).</source>
        <translation>{knob}: {step} の倍数の正の値にしてください ({value} ではなく)。</translation>
    </message>
    <message>
        <source>{knob}: the four numbers must add up to 0 (not {uma}).</source>
        <translation>{knob}: 4 つの数の合計を 0 にしてください ({uma} ではなく)。</translation>
    </message>
    <message>
        <source>{knob}: a lower place cannot get more than a higher one ({uma}).</source>
        <translation>{knob}: 下の順位が上の順位より多くはもらえません ({uma})。</translation>
    </message>
    <message>
        <source>Triple ron needs double ron.</source>
        <translation>トリプルロンにはダブルロンが必要です。</translation>
    </message>
    <message>
        <source>Another window or program changed this game meanwhile, so nothing was written. Open the game again and repeat the change.</source>
        <translation>その間に別のウィンドウかプログラムがこの対局を変更したため、何も保存していません。対局を開き直して、もう一度変更してください。</translation>
    </message>
    <message>
        <source>The games file is in use by another running copy of Scorekeeper.</source>
        <translation>対局ファイルは実行中の別の Scorekeeper が使用しています。</translation>
    </message>
    <message>
        <source>{path}: the file cannot be read.</source>
        <translation>{path}: ファイルを読み込めません。</translation>
    </message>
    <message>
        <source>The disk holding {folder} is full ({free} bytes free): nothing was written. Free some space and try again.</source>
        <translation>{folder} のあるディスクがいっぱいです (空き {free} バイト)。何も書き込まれていません。空き容量を作ってからもう一度お試しください。</translation>
    </message>
    <message>
        <source>{path}: the file is too large (at most {bytes} bytes).</source>
        <translation>{path}: ファイルが大きすぎます ({bytes} バイトまで)。</translation>
    </message>
    <message>
        <source>{path}: the file must be UTF-8 text (byte {byte} is not).</source>
        <translation>{path}: ファイルは UTF-8 のテキストでなければなりません ({byte} バイト目が違います)。</translation>
    </message>
    <message>
        <source>The tournament needs a name.</source>
        <translation>大会名を入力してください。</translation>
    </message>
    <message>
        <source>Cannot reach the tournament server {server}. The server said: {detail}</source>
        <translation>大会サーバー {server} に接続できません。サーバーの応答: {detail}</translation>
    </message>
    <message>
        <source>The tournament server {server} did not answer.</source>
        <translation>大会サーバー {server} から応答がありません。</translation>
    </message>
    <message>
        <source>The tournament server {server}: no computer of that name was found.</source>
        <translation>大会サーバー {server}: その名前のコンピューターが見つかりません。</translation>
    </message>
    <message>
        <source>The tournament server {server}: nothing accepts connections at that address and port.</source>
        <translation>大会サーバー {server}: そのアドレスとポートで接続を受け付けているものがありません。</translation>
    </message>
    <message>
        <source>The tournament server {server} refused the login.</source>
        <translation>大会サーバー {server} がログインを拒否しました。</translation>
    </message>
    <message>
        <source>This code belongs to table {code_table}, not table {table}.</source>
        <translation>このコードは {code_table} 番卓のもので、{table} 番卓のものではありません。</translation>
    </message>
    <message>
        <source>Table {table} is not seated in session {session} yet.</source>
        <translation>第 {session} 回戦の {table} 番卓はまだ席が決まっていません。</translation>
    </message>
    <message>
        <source>Choose a seating CSV file.</source>
        <translation>座席表の CSV ファイルを選んでください。</translation>
    </message>
    <message>
        <source>{file} was not played under the tournament's ruleset.</source>
        <translation>{file} は大会のルールで打たれた対局ではありません。</translation>
    </message>
    <message>
        <source>Session {session} table {table} has no game yet.</source>
        <translation>第 {session} 回戦の {table} 番卓にはまだ対局がありません。</translation>
    </message>
    <message>
        <source>Session {session} table {table} changed meanwhile (a table sent hands, or another referee wrote), so nothing was written. Look at the game again and make the change anew.</source>
        <translation>その間に第 {session} 回戦の {table} 番卓の対局が変わったため (卓が局を送ったか、別の審判が書き込みました)、何も保存していません。対局をもう一度確認して、変更をやり直してください。</translation>
    </message>
    <message>
        <source>{copies} copies of {tile}: a set has four of each tile.</source>
        <translation>{tile} が {copies} 枚あります。同じ牌は 4 枚しかありません。</translation>
    </message>
    <message>
        <source>{melds} melds: a hand has at most four.</source>
        <translation>副露が {melds} 組あります。副露は 4 組までです。</translation>
    </message>
    <message>
        <source>{count} concealed tiles with {melds} melds: a winning hand has {expected} concealed tiles, the winning tile included.</source>
        <translation>副露 {melds} 組で手の内が {count} 枚です。和了形の手の内は和了牌を含めて {expected} 枚です。</translation>
    </message>
    <message>
        <source>{count} concealed tiles with {melds} melds: a hand waiting to win has {expected}.</source>
        <translation>副露 {melds} 組で手の内が {count} 枚です。聴牌形の手の内は {expected} 枚です。</translation>
    </message>
    <message>
        <source>The winning tile {win} is not in the hand {tiles}.</source>
        <translation>和了牌 {win} が手牌 {tiles} にありません。</translation>
    </message>
    <message>
        <source>The winning tile {win} is not in the hand {tiles}: the hand holds an ordinary five.</source>
        <translation>和了牌 {win} が手牌 {tiles} にありません。手牌にあるのは赤くない 5 です。</translation>
    </message>
    <message>
        <source>The winning tile {win} is not in the hand {tiles}: the hand holds the red five.</source>
        <translation>和了牌 {win} が手牌 {tiles} にありません。手牌にあるのは赤 5 です。</translation>
    </message>
    <message>
        <source>The ura dora indicator {tile} would be a fifth copy: the hand and its melds hold {held}, and a set has four.</source>
        <translation>裏ドラ表示牌 {tile} は 5 枚目になります。手牌と副露にすでに {held} 枚あり、同じ牌は 4 枚しかありません。</translation>
    </message>
    <message>
        <source>The dora indicator {tile} would be a fifth copy: the hand and its melds hold {held}, and a set has four.</source>
        <translation>ドラ表示牌 {tile} は 5 枚目になります。手牌と副露にすでに {held} 枚あり、同じ牌は 4 枚しかありません。</translation>
    </message>
    <message>
        <source>{count} red fives {tile}, counting the red indicators: the {ruleset} set has {allowed} (rule setting red_fives_per_suit).</source>
        <translation>赤 5 の {tile} が表示牌を含めて {count} 枚あります。{ruleset} の牌には {allowed} 枚しかありません (ルール設定 red_fives_per_suit)。</translation>
    </message>
    <message>
        <source>{count} red fives {tile}: the {ruleset} set has {allowed} (rule setting red_fives_per_suit).</source>
        <translation>赤 5 の {tile} が {count} 枚あります。{ruleset} の牌には {allowed} 枚しかありません (ルール設定 red_fives_per_suit)。</translation>
    </message>
    <message>
        <source>Only a five of a number suit can be red, not {tile}.</source>
        <translation>赤牌になるのは数牌の 5 だけです ({tile} は赤になりません)。</translation>
    </message>
    <message>
        <source>Red fives {tiles}: the classical family plays without them.</source>
        <translation>赤 5 ({tiles}) があります。古典ルールには赤 5 がありません。</translation>
    </message>
    <message>
        <source>No winning tile: only a player holding all eight extra tiles wins without one.</source>
        <translation>和了牌がありません。和了牌なしで和了できるのは花牌 8 枚すべてを持つときだけです。</translation>
    </message>
    <message>
        <source>Extra tile {extras} more than once: each extra tile is unique.</source>
        <translation>花牌 {extras} が 2 枚以上あります。花牌はそれぞれ 1 枚だけです。</translation>
    </message>
    <message>
        <source>Extra tiles {extras} held, but these rules play without them.</source>
        <translation>花牌 {extras} がありますが、このルールは花牌なしです。</translation>
    </message>
    <message>
        <source>There is no meld type "{meld}": the types are chi, pon, minkan, shouminkan and ankan.</source>
        <translation>「{meld}」という副露の種類はありません。種類は chi・pon・minkan・shouminkan・ankan です。</translation>
    </message>
    <message>
        <source>{tiles} is not a {meld}: a {meld} has {size} tiles, not {count}.</source>
        <translation>{tiles} は{meld}になりません。{meld}は {size} 枚です ({count} 枚ではありません)。</translation>
    </message>
    <message>
        <source>{tiles} is not a {meld}: a {meld} is {size} tiles of one kind.</source>
        <translation>{tiles} は{meld}になりません。{meld}は同じ牌 {size} 枚です。</translation>
    </message>
    <message>
        <source>Unknown win conditions: {conditions}.</source>
        <translation>不明な和了条件です: {conditions}。</translation>
    </message>
    <message>
        <source>Riichi with an open hand: riichi needs a concealed hand.</source>
        <translation>副露した手では立直できません。立直は門前の手だけです。</translation>
    </message>
    <message>
        <source>Ippatsu without riichi: ippatsu is a win within one turn of declaring riichi.</source>
        <translation>立直なしで一発はつきません。一発は立直から一巡以内の和了です。</translation>
    </message>
    <message>
        <source>Ippatsu with rinshan: a kong, even a concealed one, ends ippatsu.</source>
        <translation>一発と嶺上開花は両立しません。槓をすると (暗槓でも) 一発は消えます。</translation>
    </message>
    <message>
        <source>Chankan with tsumo: robbing a kong is a win on another player's tile.</source>
        <translation>槍槓はツモでは成立しません。槍槓は他家が加槓した牌での和了です。</translation>
    </message>
    <message>
        <source>Chankan on {tile} while the hand holds {copies} of it: the robbed kong holds the others.</source>
        <translation>手牌に {tile} が {copies} 枚あるので {tile} の槍槓はできません。残りの牌は槓されたものです。</translation>
    </message>
    <message>
        <source>Haitei with ron: haitei is a self-draw of the last tile (a win on the last discard is houtei).</source>
        <translation>海底摸月はロンでは成立しません。海底摸月は最後のツモ牌での和了です (最後の捨て牌での和了は河底撈魚)。</translation>
    </message>
    <message>
        <source>Houtei with tsumo: houtei is a win on the last discard (a self-draw of the last tile is haitei).</source>
        <translation>河底撈魚はツモでは成立しません。河底撈魚は最後の捨て牌での和了です (最後のツモ牌での和了は海底摸月)。</translation>
    </message>
    <message>
        <source>Haitei with rinshan: a kong's replacement tile is never the last tile of the wall.</source>
        <translation>海底摸月と嶺上開花は両立しません。嶺上牌が最後の牌になることはありません。</translation>
    </message>
    <message>
        <source>Chankan with haitei or houtei: no kong can be declared on the last tile.</source>
        <translation>槍槓と海底・河底は両立しません。最後の牌では槓できません。</translation>
    </message>
    <message>
        <source>Rinshan with ron: rinshan is a self-draw of a kong's replacement tile.</source>
        <translation>嶺上開花はロンでは成立しません。嶺上開花は槓の補充牌をツモっての和了です。</translation>
    </message>
    <message>
        <source>Rinshan without a kong: the replacement tile comes after declaring a kong.</source>
        <translation>槓がないので嶺上開花はつきません。補充牌は槓をした後に引く牌です。</translation>
    </message>
    <message>
        <source>{condition} for a non-dealer: {condition} is the dealer's win on the first draw.</source>
        <translation>子の{condition}はありません。{condition}は親の第一ツモでの和了です。</translation>
    </message>
    <message>
        <source>{condition} for the dealer: {condition} is a non-dealer's win.</source>
        <translation>親の{condition}はありません。{condition}は子の和了です。</translation>
    </message>
    <message>
        <source>{condition} with ron: {condition} is a self-draw.</source>
        <translation>{condition}はロンでは成立しません。{condition}はツモ和了です。</translation>
    </message>
    <message>
        <source>{condition} with tsumo: {condition} is a win on a discard before the first draw.</source>
        <translation>{condition}はツモでは成立しません。{condition}は第一ツモの前の捨て牌での和了です。</translation>
    </message>
    <message>
        <source>{condition} with melds: no call or kong can come before {condition}.</source>
        <translation>副露があると{condition}は成立しません。{condition}の前に鳴きや槓はできません。</translation>
    </message>
    <message>
        <source>{condition} with riichi: there is no turn to declare riichi before {condition}.</source>
        <translation>{condition}と立直は両立しません。{condition}の前に立直する巡目はありません。</translation>
    </message>
    <message>
        <source>{condition} with {other_condition}: {other_condition} cannot happen on the first turn.</source>
        <translation>{condition}と{other_condition}は両立しません。{other_condition}は第一巡には起こりません。</translation>
    </message>
    <message>
        <source>Tenhou, chiihou and renhou exclude each other: a win has one of them at most.</source>
        <translation>天和・地和・人和は同時につきません。どれか 1 つだけです。</translation>
    </message>
    <message>
        <source>{count} dora indicators: there are at most five (one and four kan dora).</source>
        <translation>ドラ表示牌が {count} 枚あります。最大 5 枚です (ドラ 1 枚とカンドラ 4 枚)。</translation>
    </message>
    <message>
        <source>{count} ura dora indicators: there are at most five.</source>
        <translation>裏ドラ表示牌が {count} 枚あります。最大 5 枚です。</translation>
    </message>
    <message>
        <source>Robbing the kong with self-drawing: the robbed tile is another player's.</source>
        <translation>搶槓はツモでは成立しません。搶槓は他家の牌での和了です。</translation>
    </message>
    <message>
        <source>{condition} without self-drawing: the winning tile is drawn.</source>
        <translation>{condition}はツモでなければ成立しません。和了牌は自分で引いた牌です。</translation>
    </message>
    <message>
        <source>A replacement tile with no kong: it is drawn only after declaring a kong.</source>
        <translation>槓がないので嶺上牌はありません。嶺上牌は槓をした後に引く牌です。</translation>
    </message>
    <message>
        <source>The last tile of the wall together with a replacement tile: a win is drawn from one place.</source>
        <translation>山の最後の牌と嶺上牌は両立しません。和了牌はどちらか一方から引いたものです。</translation>
    </message>
    <message>
        <source>A heavenly hand with melds: nothing can be called before the first draw.</source>
        <translation>副露があると天和は成立しません。第一ツモの前には鳴けません。</translation>
    </message>
    <message>
        <source>A heavenly hand with another way of drawing the winning tile.</source>
        <translation>天和は他の引き方 (海底・嶺上・搶槓) と両立しません。</translation>
    </message>
    <message>
        <source>These win conditions cannot go together: {detail}</source>
        <translation>これらの和了条件は同時に成り立ちません: {detail}</translation>
    </message>
    <message>
        <source>This hand cannot be recorded: {detail}</source>
        <translation>この和了は記録できません: {detail}</translation>
    </message>
    <message>
        <source>This cannot be done now: {detail}</source>
        <translation>今はこの操作はできません: {detail}</translation>
    </message>
    <message>
        <source>The tournament server: {detail}</source>
        <translation>大会サーバー: {detail}</translation>
    </message>
    <message>
        <source>The tournament does not allow this: {detail}</source>
        <translation>大会ではこの操作はできません: {detail}</translation>
    </message>
    <message>
        <source>A file cannot be read or written: {detail}</source>
        <translation>ファイルを読み書きできません: {detail}</translation>
    </message>
    <message>
        <source>This cannot be done: {detail}</source>
        <translation>この操作はできません: {detail}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>End</source>
        <translation>終局</translation>
    </message>
    <message>
        <source>This game is not finished. It stays saved, but start a new game instead?</source>
        <translation>この対局は終わっていません。保存されたままになりますが、新しい対局を始めますか?</translation>
    </message>
    <message>
        <source>End the game now and show the final results?</source>
        <translation>今すぐ対局を終了して最終結果を表示しますか?</translation>
    </message>
    <message>
        <source>Take back the last event of the game as it is now?</source>
        <translation>今の対局の最後の記録を取り消しますか?</translation>
    </message>
    <message>
        <source>Put back the next undone event of the game as it is now?</source>
        <translation>今の対局で、取り消した次の記録を戻しますか?</translation>
    </message>
    <message>
        <source>Record your action again on the game as it is now?</source>
        <translation>今の対局に、同じ操作をもう一度記録しますか?</translation>
    </message>
    <message>
        <source>Undone: {event}. Redo (Ctrl+Shift+Z) puts it back.</source>
        <translation>取り消しました: {event}。やり直す (Ctrl+Shift+Z) で戻せます。</translation>
    </message>
    <message>
        <source>Redone: {event}.</source>
        <translation>やり直しました: {event}。</translation>
    </message>
    <message>
        <source>Delete hand {label}? Every later hand is recomputed; Undo brings it back.</source>
        <translation>{label} を削除しますか? 以降の局はすべて再計算されます。「元に戻す」で復元できます。</translation>
    </message>
    <message>
        <source>The game now ends before {player} came in for {left} (hand {n}): that substitution is taken out, and {left} is credited with the seat's whole result.</source>
        <translation>訂正により、{player} が {left} の代わりに入る前 (第 {n} 局) に対局が終わります: この交代は取り消され、その席の成績はすべて {left} に計上されます。</translation>
    </message>
    <message>
        <source>Scorekeeper</source>
        <translation>点数記録</translation>
    </message>
    <message>
        <source>Read-only: another scorekeeper window has these games open. Nothing can be changed here.</source>
        <translation>読み取り専用: 別の scorekeeper ウィンドウがこの対局データを開いています。ここでは何も変更できません。</translation>
    </message>
    <message>
        <source>History</source>
        <translation>履歴</translation>
    </message>
    <message>
        <source>Ended after {round}.</source>
        <translation>{round}で終了しました。</translation>
    </message>
    <message>
        <source>Time: two hands left.</source>
        <translation>時間です: この局とあと1局</translation>
    </message>
    <message>
        <source>Time: last hand.</source>
        <translation>時間です: 最終局</translation>
    </message>
    <message>
        <source>Dead hand: {names}.</source>
        <translation>アガリ放棄: {names}</translation>
    </message>
    <message>
        <source>Scorekeeper — {round}</source>
        <translation>点数記録 — {round}</translation>
    </message>
    <message>
        <source>The settings could not be saved: {error}</source>
        <translation>設定を保存できませんでした: {error}</translation>
    </message>
    <message>
        <source>Dead hand</source>
        <translation>アガリ放棄</translation>
    </message>
    <message>
        <source>Whose hand is declared dead? It cannot win or declare riichi, and is noten at a draw.</source>
        <translation>どのプレイヤーの手をアガリ放棄（死に手）としますか？ 和了もリーチもできず、流局時はノーテンです。</translation>
    </message>
    <message>
        <source>Import a game record</source>
        <translation>牌譜記録を取り込む</translation>
    </message>
    <message>
        <source>Game records (*.json);;All files (*)</source>
        <translation>牌譜記録 (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV ファイル (*.csv);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Save the tournament as</source>
        <translation>大会の保存先</translation>
    </message>
    <message>
        <source>Tournament databases (*.db *.sqlite3);;All files (*)</source>
        <translation>大会データベース (*.db *.sqlite3);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Tournament server</source>
        <translation>大会サーバー</translation>
    </message>
    <message>
        <source>The referee's address (postgresql://user:password@host/tournament):</source>
        <translation>審判の接続先 (postgresql://ユーザー:パスワード@ホスト/大会):</translation>
    </message>
    <message>
        <source>Please confirm</source>
        <translation>確認</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>Time was called. Had the dice of this hand been thrown?</source>
        <translation>時間の合図がありました。この局のサイコロはもう振られていましたか?</translation>
    </message>
    <message>
        <source>RCR 2016 5.9: a hand begins when the dice are thrown.</source>
        <translation>RCR 2016 5.9: 局はサイコロを振った時に始まります。</translation>
    </message>
    <message>
        <source>Thrown: this hand and one more</source>
        <translation>振っていた: この局とあと1局</translation>
    </message>
    <message>
        <source>Not yet: only this hand</source>
        <translation>まだ: この局のみ</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>インポート</translation>
    </message>
    <message>
        <source>Save as</source>
        <translation>名前を付けて保存</translation>
    </message>
    <message>
        <source>Open a tournament</source>
        <translation>大会を開く</translation>
    </message>
    <message>
        <source>{name} ({n} games)</source>
        <translation>{name} ({n} 局)</translation>
    </message>
    <message>
        <source>A new player named {name}</source>
        <translation>新しいプレイヤー {name}</translation>
    </message>
    <message>
        <source>Which player?</source>
        <translation>どのプレイヤーですか?</translation>
    </message>
    <message>
        <source>More than one player is called {name}. {name} came in as a substitute during this game: which one was it?</source>
        <translation>{name} という名前のプレイヤーが複数います。{name} はこの対局の途中で交代して入りました。どちらですか?</translation>
    </message>
    <message>
        <source>More than one player is called {name}. Which one played this game?</source>
        <translation>{name} という名前のプレイヤーが複数います。この対局をしたのはどちらですか?</translation>
    </message>
    <message>
        <source>Could not join the tournament: {reason}</source>
        <translation>大会に参加できませんでした: {reason}</translation>
    </message>
    <message>
        <source>This game changed on the server (the referee or another laptop of this table wrote to it): it was reloaded from there.</source>
        <translation>サーバー上でこの対局が変更されたため (審判、またはこの卓の別のノートPCの書き込み)、サーバーから読み込み直しました。</translation>
    </message>
    <message>
        <source>This game changed on the server (the referee corrected it, or another laptop joined to this table wrote to it), so it was reloaded from there. {n} of the last changes made here were not taken: enter them again if they still stand.</source>
        <translation>サーバー上でこの対局が変更されたため (審判の修正、またはこの卓に参加した別のノートPCの書き込み)、サーバーから読み込み直しました。ここで行った直近の変更のうち {n} 件は反映されていません。まだ正しければ入力し直してください。</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>ゲーム(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Hand</source>
        <translation>局(&amp;H)</translation>
    </message>
    <message>
        <source>T&amp;ournament</source>
        <translation>大会(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>新しい対局(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Open a game…</source>
        <translation>対局を開く(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Import a game record…</source>
        <translation>牌譜記録を取り込む(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Join a tournament table…</source>
        <translation>大会の卓に参加(&amp;J)…</translation>
    </message>
    <message>
        <source>&amp;Players and statistics…</source>
        <translation>プレイヤーと成績(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Results</source>
        <translation>結果(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;End the game now…</source>
        <translation>今すぐ対局を終了(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Time signal (time is called)…</source>
        <translation>時間切れの合図(&amp;T)…</translation>
    </message>
    <message>
        <source>Referee &amp;penalty…</source>
        <translation>審判の罰符(&amp;P)…</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>CSV に書き出す(&amp;C)…</translation>
    </message>
    <message>
        <source>Export game &amp;record…</source>
        <translation>牌譜記録を書き出す(&amp;R)…</translation>
    </message>
    <message>
        <source>Save as &amp;PDF…</source>
        <translation>PDF で保存(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>元に戻す(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>やり直す(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>テーマ(&amp;T)</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>システムに合わせる</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>ライト</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>ダーク</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Rotate table</source>
        <translation>卓を回転(&amp;R)</translation>
    </message>
    <message>
        <source>F&amp;ull screen</source>
        <translation>全画面表示(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Face the players</source>
        <translation>対面に向けて表示(&amp;F)</translation>
    </message>
    <message>
        <source>Tile &amp;labels for beginners (1m, E …)</source>
        <translation>初心者向けの牌ラベル (1m, E …)(&amp;L)</translation>
    </message>
    <message>
        <source>Riichi, seat {n}</source>
        <translation>立直 (席 {n})</translation>
    </message>
    <message>
        <source>&amp;Ron…</source>
        <translation>ロン(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Tsumo…</source>
        <translation>ツモ(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Draw…</source>
        <translation>流局(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Abortive draw…</source>
        <translation>途中流局(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Chombo…</source>
        <translation>チョンボ(&amp;C)…</translation>
    </message>
    <message>
        <source>D&amp;ead hand…</source>
        <translation>アガリ放棄(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Referee's window…</source>
        <translation>審判ウィンドウ(&amp;R)…</translation>
    </message>
    <message>
        <source>Referee's window on a &amp;server…</source>
        <translation>サーバー上の審判ウィンドウ(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;New tournament…</source>
        <translation>新しい大会(&amp;N)…</translation>
    </message>
</context>
<context>
    <name>PointGaps</name>
    <message>
        <source>{points} all</source>
        <translation>{points} オール</translation>
    </message>
    <message>
        <source>{han} han {fu} fu</source>
        <translation>{han} 翻 {fu} 符</translation>
    </message>
    <message>
        <source>direct hit</source>
        <translation>直撃</translation>
    </message>
    <message>
        <source>other ron</source>
        <translation>他家ロン</translation>
    </message>
    <message>
        <source>tsumo</source>
        <translation>ツモ</translation>
    </message>
    <message>
        <source>{name} leads by {points}.</source>
        <translation>{name} が {points} 点上です。</translation>
    </message>
    <message>
        <source>{name} has as many points as you.</source>
        <translation>{name} と同点です。</translation>
    </message>
    <message>
        <source>You lead {players}.</source>
        <translation>あなたが上: {players}。</translation>
    </message>
    <message>
        <source>— : not even a yakuman is enough.</source>
        <translation>— : 役満でも届きません。</translation>
    </message>
    <message>
        <source>The smallest win that puts you ahead, counting {honba} honba and {sticks} riichi sticks.</source>
        <translation>上に出られる最も安い和了です (本場 {honba}、供託 {sticks} 本を含む)。</translation>
    </message>
    <message>
        <source>The smallest win that puts you ahead (no honba or riichi sticks on the table).</source>
        <translation>上に出られる最も安い和了です (本場・供託なし)。</translation>
    </message>
</context>
<context>
    <name>HelpCommon</name>
    <message>
        <source>Tenhou</source>
        <translation>天鳳</translation>
    </message>
    <message>
        <source>M-League</source>
        <translation>Mリーグ</translation>
    </message>
    <message>
        <source>EMA 2016</source>
        <translation>EMA 2016</translation>
    </message>
    <message>
        <source>EMA 2025</source>
        <translation>EMA 2025</translation>
    </message>
    <message>
        <source>WRC 2015</source>
        <translation>WRC 2015</translation>
    </message>
    <message>
        <source>WRC 2022</source>
        <translation>WRC 2022</translation>
    </message>
    <message>
        <source>Custom rules</source>
        <translation>カスタムルール</translation>
    </message>
</context>
<context>
    <name>AboutDialog</name>
    <message>
        <source>About Scorekeeper</source>
        <translation>このアプリについて</translation>
    </message>
    <message>
        <source>Scorekeeper</source>
        <translation>点数記録</translation>
    </message>
    <message>
        <source>Version {version}</source>
        <translation>バージョン {version}</translation>
    </message>
    <message>
        <source>A riichi mahjong score keeper for the laptop beside the table: it scores each hand and keeps the four players' points to the final table.</source>
        <translation>卓の横のノートパソコンで使うリーチ麻雀の点数記録: 各局の点数を計算し、4 人の点数を最終結果まで記録します。</translation>
    </message>
    <message>
        <source>Free software under the MIT License: use, copy, change and share it.</source>
        <translation>MIT ライセンスのフリーソフトウェア: 自由に使い、複製し、変更し、配布できます。</translation>
    </message>
    <message>
        <source>Show the license</source>
        <translation>ライセンスを表示</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>EMA Riichi Competition Rules, 2016 edition (European Mahjong Association)</source>
        <translation>EMA リーチ競技ルール 2016 年版 (欧州麻雀協会)</translation>
    </message>
    <message>
        <source>EMA Rules for Japanese Mahjong, 2025 edition (European Mahjong Association)</source>
        <translation>EMA 日本麻雀ルール 2025 年版 (欧州麻雀協会)</translation>
    </message>
    <message>
        <source>WRC 2022: the World Riichi Championship rules</source>
        <translation>WRC 2022: World Riichi Championship ルール</translation>
    </message>
    <message>
        <source>Tenhou.net ranked four-player rules</source>
        <translation>天鳳 四人打ち段位戦ルール</translation>
    </message>
    <message>
        <source>M-League rules</source>
        <translation>M リーグ ルール</translation>
    </message>
    <message>
        <source>A riichi book's chapter on scoring (seed 000)</source>
        <translation>リーチ麻雀の本の点数計算の章 (seed 000)</translation>
    </message>
    <message>
        <source>A beginner's lesson on scoring with its tables (seed 001)</source>
        <translation>点数表つき初心者向け点数計算講座 (seed 001)</translation>
    </message>
    <message>
        <source>A wiki page on Japanese mahjong scoring (seed 002)</source>
        <translation>日本の麻雀の点数計算に関する wiki ページ (seed 002)</translation>
    </message>
    <message>
        <source>The classical Chinese point-and-double system (seed 003)</source>
        <translation>中国古典麻雀の点数と倍数の方式 (seed 003)</translation>
    </message>
    <message>
        <source>WRC 2015: the World Riichi Championship rules' scoring chapter (seed 004)</source>
        <translation>WRC 2015: 世界リーチ麻雀選手権ルールの点数計算の章 (seed 004)</translation>
    </message>
    <message>
        <source>Where the rules come from</source>
        <translation>ルールの出典</translation>
    </message>
    <message>
        <source>Each ruleset's values and their sources are listed in the README and docs/engine.md.</source>
        <translation>各ルールの設定値と出典は README と docs/engine.md にあります。</translation>
    </message>
    <message>
        <source>Hide the license</source>
        <translation>ライセンスを隠す</translation>
    </message>
</context>
<context>
    <name>Labels</name>
    <message>
        <source>{wind} {number}</source>
        <translation>{wind}{number}局</translation>
    </message>
    <message>
        <source>East</source>
        <translation>東</translation>
    </message>
    <message>
        <source>South</source>
        <translation>南</translation>
    </message>
    <message>
        <source>West</source>
        <translation>西</translation>
    </message>
    <message>
        <source>North</source>
        <translation>北</translation>
    </message>
    <message>
        <source>E</source>
        <translation>東</translation>
    </message>
    <message>
        <source>S</source>
        <translation>南</translation>
    </message>
    <message>
        <source>W</source>
        <translation>西</translation>
    </message>
    <message>
        <source>N</source>
        <translation>北</translation>
    </message>
    <message>
        <source>Mangan</source>
        <translation>満貫</translation>
    </message>
    <message>
        <source>Haneman</source>
        <translation>跳満</translation>
    </message>
    <message>
        <source>Baiman</source>
        <translation>倍満</translation>
    </message>
    <message>
        <source>Sanbaiman</source>
        <translation>三倍満</translation>
    </message>
    <message>
        <source>Yakuman</source>
        <translation>役満</translation>
    </message>
    <message>
        <source>Nine terminals (kyuushu kyuuhai)</source>
        <translation>九種九牌</translation>
    </message>
    <message>
        <source>Four winds (suufon renda)</source>
        <translation>四風連打</translation>
    </message>
    <message>
        <source>Four riichi (suucha riichi)</source>
        <translation>四家立直</translation>
    </message>
    <message>
        <source>Four kans (suukaikan)</source>
        <translation>四開槓</translation>
    </message>
    <message>
        <source>Triple ron (sanchahou)</source>
        <translation>三家和</translation>
    </message>
    <message>
        <source>Invalid win shown</source>
        <translation>誤和了 (手牌を公開)</translation>
    </message>
    <message>
        <source>Riichi on a noten hand</source>
        <translation>ノーテンリーチ</translation>
    </message>
    <message>
        <source>Invalid quad after riichi</source>
        <translation>リーチ後の不正な暗槓</translation>
    </message>
    <message>
        <source>Call or win with a dead hand</source>
        <translation>アガリ放棄後の鳴き・和了</translation>
    </message>
    <message>
        <source>Riichi with a dead hand</source>
        <translation>アガリ放棄後のリーチ</translation>
    </message>
    <message>
        <source>Too many tiles exposed</source>
        <translation>牌の露出が多すぎる</translation>
    </message>
    <message>
        <source>Drew from the dead wall</source>
        <translation>王牌からのツモ</translation>
    </message>
    <message>
        <source>Drew from an opponent's hand</source>
        <translation>他家の手牌からのツモ</translation>
    </message>
    <message>
        <source>Discard from the hand after riichi</source>
        <translation>リーチ後の手出し</translation>
    </message>
    <message>
        <source>Call for a set after riichi</source>
        <translation>リーチ後の鳴き</translation>
    </message>
    <message>
        <source>Play cannot continue</source>
        <translation>続行不能</translation>
    </message>
    <message>
        <source>{error} ({section})</source>
        <translation>{error} ({section})</translation>
    </message>
    <message>
        <source>Every player needs a name.</source>
        <translation>どの参加者にも名前が必要です。</translation>
    </message>
    <message>
        <source>One line of text: no line breaks, tabs or control characters.</source>
        <translation>1行で入力してください (改行・タブ・制御文字は使えません)。</translation>
    </message>
    <message>
        <source>No spaces at the start or the end.</source>
        <translation>前後に空白は入れられません。</translation>
    </message>
    <message>
        <source>At most {n} characters.</source>
        <translation>{n} 文字までです。</translation>
    </message>
    <message>
        <source>Another player has this name (case is ignored).</source>
        <translation>同じ名前の参加者がいます (大文字と小文字は区別しません)。</translation>
    </message>
    <message>
        <source>chombo in {hand}</source>
        <translation>{hand} のチョンボ</translation>
    </message>
    <message>
        <source>chombo</source>
        <translation>チョンボ</translation>
    </message>
    <message>
        <source>time limit</source>
        <translation>時間切れ</translation>
    </message>
    <message>
        <source>ended by the referee</source>
        <translation>審判による終了</translation>
    </message>
    <message>
        <source>Menzen tsumo</source>
        <translation>門前清自摸和</translation>
    </message>
    <message>
        <source>Riichi</source>
        <translation>立直</translation>
    </message>
    <message>
        <source>Double riichi</source>
        <translation>ダブル立直</translation>
    </message>
    <message>
        <source>Ippatsu</source>
        <translation>一発</translation>
    </message>
    <message>
        <source>Chankan</source>
        <translation>槍槓</translation>
    </message>
    <message>
        <source>Rinshan kaihou</source>
        <translation>嶺上開花</translation>
    </message>
    <message>
        <source>Haitei</source>
        <translation>海底摸月</translation>
    </message>
    <message>
        <source>Houtei</source>
        <translation>河底撈魚</translation>
    </message>
    <message>
        <source>Pinfu</source>
        <translation>平和</translation>
    </message>
    <message>
        <source>Tanyao</source>
        <translation>断么九</translation>
    </message>
    <message>
        <source>Iipeikou</source>
        <translation>一盃口</translation>
    </message>
    <message>
        <source>Ryanpeikou</source>
        <translation>二盃口</translation>
    </message>
    <message>
        <source>Yakuhai: white dragon</source>
        <translation>役牌 白</translation>
    </message>
    <message>
        <source>Yakuhai: green dragon</source>
        <translation>役牌 發</translation>
    </message>
    <message>
        <source>Yakuhai: red dragon</source>
        <translation>役牌 中</translation>
    </message>
    <message>
        <source>Yakuhai: seat wind</source>
        <translation>役牌 自風</translation>
    </message>
    <message>
        <source>Yakuhai: round wind</source>
        <translation>役牌 場風</translation>
    </message>
    <message>
        <source>Chiitoitsu</source>
        <translation>七対子</translation>
    </message>
    <message>
        <source>Chanta</source>
        <translation>混全帯么九</translation>
    </message>
    <message>
        <source>Junchan</source>
        <translation>純全帯么九</translation>
    </message>
    <message>
        <source>Ittsu</source>
        <translation>一気通貫</translation>
    </message>
    <message>
        <source>Sanshoku doujun</source>
        <translation>三色同順</translation>
    </message>
    <message>
        <source>Sanshoku doukou</source>
        <translation>三色同刻</translation>
    </message>
    <message>
        <source>Sankantsu</source>
        <translation>三槓子</translation>
    </message>
    <message>
        <source>Toitoi</source>
        <translation>対々和</translation>
    </message>
    <message>
        <source>Sanankou</source>
        <translation>三暗刻</translation>
    </message>
    <message>
        <source>Shousangen</source>
        <translation>小三元</translation>
    </message>
    <message>
        <source>Honroutou</source>
        <translation>混老頭</translation>
    </message>
    <message>
        <source>Honitsu</source>
        <translation>混一色</translation>
    </message>
    <message>
        <source>Chinitsu</source>
        <translation>清一色</translation>
    </message>
    <message>
        <source>Renhou</source>
        <translation>人和</translation>
    </message>
    <message>
        <source>Tenhou</source>
        <translation>天和</translation>
    </message>
    <message>
        <source>Chiihou</source>
        <translation>地和</translation>
    </message>
    <message>
        <source>Daisangen</source>
        <translation>大三元</translation>
    </message>
    <message>
        <source>Suuankou</source>
        <translation>四暗刻</translation>
    </message>
    <message>
        <source>Suuankou tanki</source>
        <translation>四暗刻単騎</translation>
    </message>
    <message>
        <source>Tsuuiisou</source>
        <translation>字一色</translation>
    </message>
    <message>
        <source>Ryuuiisou</source>
        <translation>緑一色</translation>
    </message>
    <message>
        <source>Chinroutou</source>
        <translation>清老頭</translation>
    </message>
    <message>
        <source>Chuuren poutou</source>
        <translation>九蓮宝燈</translation>
    </message>
    <message>
        <source>Junsei chuuren poutou</source>
        <translation>純正九蓮宝燈</translation>
    </message>
    <message>
        <source>Kokushi musou</source>
        <translation>国士無双</translation>
    </message>
    <message>
        <source>Kokushi musou, 13-sided wait</source>
        <translation>国士無双十三面待ち</translation>
    </message>
    <message>
        <source>Daisuushii</source>
        <translation>大四喜</translation>
    </message>
    <message>
        <source>Shousuushii</source>
        <translation>小四喜</translation>
    </message>
    <message>
        <source>Suukantsu</source>
        <translation>四槓子</translation>
    </message>
</context>
<context>
    <name>GuideDialog</name>
    <message>
        <source>m = characters, p = circles, s = bamboo, z = winds and dragons; 0 is a red five.</source>
        <translation>m = 萬子、p = 筒子、s = 索子、z = 字牌 (風牌と三元牌)、0 は赤五。</translation>
    </message>
    <message>
        <source>Getting started</source>
        <translation>はじめに</translation>
    </message>
    <message>
        <source>Don't show this guide at start (F1 opens it any time)</source>
        <translation>起動時にこのガイドを表示しない (F1 でいつでも開けます)</translation>
    </message>
    <message>
        <source>‹ Back</source>
        <translation>‹ 戻る</translation>
    </message>
    <message>
        <source>Previous page (Left arrow)</source>
        <translation>前のページ (←キー)</translation>
    </message>
    <message>
        <source>Next page (Right arrow or Enter)</source>
        <translation>次のページ (→キーまたは Enter)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Close the guide (Escape)</source>
        <translation>ガイドを閉じる (Esc)</translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation>ようこそ</translation>
    </message>
    <message>
        <source>This app keeps the score of a riichi mahjong game. The window shows the table from above: each player's seat wind, name and points. Tap a player's panel to see how far they are from the others.</source>
        <translation>このアプリはリーチ麻雀の点数を記録します。画面は卓を上から見た形で、各プレイヤーの自風・名前・点数を表示します。プレイヤーの欄をタップすると、他家との点差が見られます。</translation>
    </message>
    <message>
        <source>Riichi</source>
        <translation>立直</translation>
    </message>
    <message>
        <source>When a player declares riichi, tap Riichi on that player's panel. The 1,000-point stick goes to the table at once. Keyboard: Ctrl+1 to Ctrl+4.</source>
        <translation>立直が宣言されたら、そのプレイヤーの欄の「立直」をタップします。1,000 点棒がすぐ供託に出ます。キーボード: Ctrl+1〜Ctrl+4。</translation>
    </message>
    <message>
        <source>Ron and Tsumo</source>
        <translation>ロンとツモ</translation>
    </message>
    <message>
        <source>Someone won? Tap Ron for a win on another player's discard, Tsumo for a tile they drew themselves. Then tap the winner and, for ron, the player who discarded. One tap fewer: Win on the winner's panel, then the panel of the player who dealt in (or Tsumo in the middle).</source>
        <translation>和了したら、他家の捨て牌での和了は「ロン」、自分で引いた牌なら「ツモ」をタップします。次に和了者を、ロンなら放銃者もタップします。1 タップ少なく: 和了者の枠の「和了」、次に放銃者の枠 (ツモなら中央の「ツモ」) をタップします。</translation>
    </message>
    <message>
        <source>Enter the hand</source>
        <translation>手牌の入力</translation>
    </message>
    <message>
        <source>Give the hand's value on one of three tabs. Tiles: tap the tiles, or type them. Quick: tap the han and fu. Yaku list: tick the yaku and count the dora. The payments show before you confirm.</source>
        <translation>3 つのタブのどれかで手の値を入力します。牌: 牌をタップするか文字で入力。翻符: 翻と符をタップ。役一覧: 役にチェックを入れ、ドラを数えます。確定の前に支払いが表示されます。</translation>
    </message>
    <message>
        <source>No winner</source>
        <translation>和了なし</translation>
    </message>
    <message>
        <source>The wall ran out? Tap Draw and tick the players who were ready (tenpai). Abort is for the abortive draws your rules allow, Chombo for a penalty.</source>
        <translation>山が尽きたら「流局」をタップし、聴牌していたプレイヤーにチェックを入れます。「途中流局」はルールで認められた途中流局に、「チョンボ」は罰則に使います。</translation>
    </message>
    <message>
        <source>Undo and history</source>
        <translation>取り消しと履歴</translation>
    </message>
    <message>
        <source>A mistake? Tap Undo (Ctrl+Z); Redo puts it back. The history lists every hand: double-tap one to correct it. Each hand is saved the moment you confirm it.</source>
        <translation>間違えたら「戻す」(Ctrl+Z) をタップします。「やり直す」で元に戻ります。履歴にはすべての局が並び、ダブルタップで修正できます。各局は確定した時点で保存されます。</translation>
    </message>
    <message>
        <source>Help is always here</source>
        <translation>ヘルプはいつでもここに</translation>
    </message>
    <message>
        <source>Press F1 for this guide again. The Help menu also has every yaku with an example, the score tables for your rules, and About.</source>
        <translation>F1 でこのガイドをもう一度開けます。ヘルプメニューには、例つきの役一覧、ルールに合わせた点数表、このアプリについてがあります。</translation>
    </message>
    <message>
        <source>{n} of {total}</source>
        <translation>{n} / {total}</translation>
    </message>
    <message>
        <source>Start playing</source>
        <translation>対局を始める</translation>
    </message>
    <message>
        <source>Next ›</source>
        <translation>次へ ›</translation>
    </message>
</context>
<context>
    <name>HandPictureWidget</name>
    <message>
        <source>win</source>
        <translation>和了牌</translation>
    </message>
    <message>
        <source>chi</source>
        <translation>チー</translation>
    </message>
    <message>
        <source>pon</source>
        <translation>ポン</translation>
    </message>
    <message>
        <source>open kan</source>
        <translation>明槓</translation>
    </message>
    <message>
        <source>added kan</source>
        <translation>加槓</translation>
    </message>
    <message>
        <source>closed kan</source>
        <translation>暗槓</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>使い方ガイド(&amp;G)</translation>
    </message>
    <message>
        <source>Where to tap for riichi, ron, tsumo, draws and undo</source>
        <translation>立直・ロン・ツモ・流局・取り消しの押す場所</translation>
    </message>
    <message>
        <source>&amp;Yaku</source>
        <translation>役一覧(&amp;Y)</translation>
    </message>
    <message>
        <source>Every yaku with its han and an example hand</source>
        <translation>すべての役と翻数、例の手牌</translation>
    </message>
    <message>
        <source>&amp;Score tables</source>
        <translation>点数表(&amp;S)</translation>
    </message>
    <message>
        <source>What each han and fu pays, for the rules of this game</source>
        <translation>この対局のルールでの翻・符ごとの点数</translation>
    </message>
    <message>
        <source>&amp;About Scorekeeper</source>
        <translation>このアプリについて(&amp;A)</translation>
    </message>
</context>
<context>
    <name>ScoreTablesDialog</name>
    <message>
        <source>Score tables</source>
        <translation>点数表</translation>
    </message>
    <message>
        <source>Show the tables of another ruleset</source>
        <translation>別のルールの点数表を見る</translation>
    </message>
    <message>
        <source>This game ({rules})</source>
        <translation>この対局 ({rules})</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>ルール</translation>
    </message>
    <message>
        <source>Non-dealer</source>
        <translation>子</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>親</translation>
    </message>
    <message>
        <source>Limit hands</source>
        <translation>満貫以上</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>{n} all</source>
        <translation>{n} オール</translation>
    </message>
    <message>
        <source>{n} han</source>
        <translation>{n} 翻</translation>
    </message>
    <message>
        <source>{n} fu</source>
        <translation>{n} 符</translation>
    </message>
    <message>
        <source>No hand has this han and fu.</source>
        <translation>この翻と符の手はありません。</translation>
    </message>
    <message>
        <source>{han} han {fu} fu: ron {ron}, tsumo {tsumo}</source>
        <translation>{han} 翻 {fu} 符: ロン {ron}、ツモ {tsumo}</translation>
    </message>
    <message>
        <source>In each cell: top, ron (the discarder pays it all); bottom, tsumo (each non-dealer / the dealer pays; a dealer's tsumo is paid the same by all three). Shaded cells are mangan. Honba and riichi sticks come on top.</source>
        <translation>各欄の上はロン (放銃者が全額払う)、下はツモ (子の支払い / 親の支払い。親のツモは 3 人が同じ額を払う)。色付きの欄は満貫。本場と供託は別に加わります。</translation>
    </message>
    <message>
        <source>Han</source>
        <translation>翻</translation>
    </message>
    <message>
        <source>Non-dealer ron</source>
        <translation>子のロン</translation>
    </message>
    <message>
        <source>Non-dealer tsumo</source>
        <translation>子のツモ</translation>
    </message>
    <message>
        <source>Dealer ron</source>
        <translation>親のロン</translation>
    </message>
    <message>
        <source>Dealer tsumo</source>
        <translation>親のツモ</translation>
    </message>
    <message>
        <source>Double yakuman</source>
        <translation>ダブル役満</translation>
    </message>
    <message>
        <source>a double yakuman yaku, or two</source>
        <translation>ダブル役満の役、または役満 2 つ</translation>
    </message>
    <message>
        <source>two yakuman yaku</source>
        <translation>役満の役 2 つ</translation>
    </message>
    <message>
        <source>yakuman yaku</source>
        <translation>役満の役</translation>
    </message>
    <message>
        <source>{n}+ han</source>
        <translation>{n} 翻以上</translation>
    </message>
    <message>
        <source>{a}-{b} han</source>
        <translation>{a}〜{b} 翻</translation>
    </message>
    <message>
        <source>No limits under these rules (aotenjou): the figures keep growing with han and fu.</source>
        <translation>このルールには上限がありません (青天井): 翻と符に応じて点数が増え続けます。</translation>
    </message>
    <message>
        <source>{han} han from {fu} fu</source>
        <translation>{han} 翻 {fu} 符以上</translation>
    </message>
    <message>
        <source>Mangan below 5 han: {list}.</source>
        <translation>5 翻未満の満貫: {list}。</translation>
    </message>
    <message>
        <source>Kiriage mangan: 4 han 30 fu and 3 han 60 fu are rounded up to mangan.</source>
        <translation>切り上げ満貫: 4 翻 30 符と 3 翻 60 符は満貫になります。</translation>
    </message>
    <message>
        <source>13 han or more without a yakuman yaku counts as a yakuman.</source>
        <translation>役満の役がなくても 13 翻以上は役満 (数え役満)。</translation>
    </message>
    <message>
        <source>13 han or more without a yakuman yaku stays a sanbaiman.</source>
        <translation>役満の役がない 13 翻以上は三倍満のまま。</translation>
    </message>
</context>
<context>
    <name>YakuHelp</name>
    <message>
        <source>Win by drawing the tile yourself with a closed hand (no calls).</source>
        <translation>鳴かずに (門前で) 自分で引いた牌で和了る。</translation>
    </message>
    <message>
        <source>Declare riichi with a closed, ready hand and put a 1,000-point stick on the table.</source>
        <translation>門前で聴牌して立直を宣言し、1,000 点棒を供託に出す。</translation>
    </message>
    <message>
        <source>Riichi declared on your very first discard, before anyone called a tile.</source>
        <translation>誰も鳴いていない最初の捨て牌で立直する。</translation>
    </message>
    <message>
        <source>Win within one go-round after your riichi, before any call interrupts it.</source>
        <translation>立直後、鳴きが入らずに一巡以内に和了る。</translation>
    </message>
    <message>
        <source>Win on the tile another player adds to their pon to make a kan.</source>
        <translation>他家がポンに加えて加槓した牌で和了る。</translation>
    </message>
    <message>
        <source>Win with the replacement tile you draw after declaring a kan.</source>
        <translation>槓をした後の嶺上牌で和了る。</translation>
    </message>
    <message>
        <source>Win by drawing the very last tile of the wall.</source>
        <translation>山の最後の牌をツモって和了る。</translation>
    </message>
    <message>
        <source>Win on the discard that follows the last tile of the wall.</source>
        <translation>山の最後の牌の後の捨て牌で和了る。</translation>
    </message>
    <message>
        <source>Closed hand of four runs and a pair that is no dragon, seat wind or round wind, won on a two-sided wait.</source>
        <translation>門前で順子 4 つ、雀頭は三元牌・自風・場風以外、両面待ちで和了る。</translation>
    </message>
    <message>
        <source>Only tiles 2 to 8: no 1s, no 9s, no winds, no dragons.</source>
        <translation>2〜8 の数牌だけ。一・九牌と字牌なし。</translation>
    </message>
    <message>
        <source>Closed hand with the same run twice in the same suit.</source>
        <translation>門前で同じ順子を 2 つ。</translation>
    </message>
    <message>
        <source>Closed hand with two different runs, each twice (counts instead of iipeikou).</source>
        <translation>門前で一盃口を 2 組 (一盃口の代わりに数える)。</translation>
    </message>
    <message>
        <source>A set of three (or four) white dragons.</source>
        <translation>白の刻子 (または槓子)。</translation>
    </message>
    <message>
        <source>A set of three (or four) green dragons.</source>
        <translation>發の刻子 (または槓子)。</translation>
    </message>
    <message>
        <source>A set of three (or four) red dragons.</source>
        <translation>中の刻子 (または槓子)。</translation>
    </message>
    <message>
        <source>A set of three (or four) of your own seat wind.</source>
        <translation>自風の刻子 (または槓子)。</translation>
    </message>
    <message>
        <source>A set of three (or four) of the round's wind (East in the East round).</source>
        <translation>場風の刻子 (東場なら東)。</translation>
    </message>
    <message>
        <source>Seven different pairs, closed.</source>
        <translation>異なる 7 つの対子 (門前)。</translation>
    </message>
    <message>
        <source>Every set and the pair hold a 1, a 9 or an honour tile, with at least one run.</source>
        <translation>すべての面子と雀頭に一・九牌か字牌を含み、順子が 1 つ以上。</translation>
    </message>
    <message>
        <source>Every set and the pair hold a 1 or a 9, no honour tiles, with at least one run.</source>
        <translation>すべての面子と雀頭に一・九牌を含み、字牌なし、順子が 1 つ以上。</translation>
    </message>
    <message>
        <source>The runs 1-2-3, 4-5-6 and 7-8-9 of one suit.</source>
        <translation>同じ色で 123・456・789 の順子。</translation>
    </message>
    <message>
        <source>The same run in all three suits.</source>
        <translation>三色で同じ順子。</translation>
    </message>
    <message>
        <source>A set of three of the same number in all three suits.</source>
        <translation>三色で同じ数の刻子。</translation>
    </message>
    <message>
        <source>Three kans, open or closed.</source>
        <translation>槓子 3 つ (明槓・暗槓どちらでも)。</translation>
    </message>
    <message>
        <source>Four sets of three (no runs) and a pair.</source>
        <translation>刻子 4 つと雀頭 (順子なし)。</translation>
    </message>
    <message>
        <source>Three sets of three made without calling (a set finished by a ron tile does not count).</source>
        <translation>鳴かずに作った刻子 3 つ (ロン牌で完成した刻子は数えない)。</translation>
    </message>
    <message>
        <source>Two dragon sets of three and a pair of the third dragon.</source>
        <translation>三元牌の刻子 2 つと残りの三元牌の雀頭。</translation>
    </message>
    <message>
        <source>Only 1s, 9s and honour tiles.</source>
        <translation>一・九牌と字牌だけ。</translation>
    </message>
    <message>
        <source>One suit plus honour tiles.</source>
        <translation>1 色の数牌と字牌だけ。</translation>
    </message>
    <message>
        <source>One suit only, no honour tiles.</source>
        <translation>1 色の数牌だけ、字牌なし。</translation>
    </message>
    <message>
        <source>A non-dealer wins by ron before their first draw, with no call made; its value is a rule.</source>
        <translation>子が最初のツモの前に、鳴きのないままロンで和了る。値はルールで決まる。</translation>
    </message>
    <message>
        <source>The dealer's starting fourteen tiles are already a winning hand.</source>
        <translation>親の配牌 14 枚がすでに和了形。</translation>
    </message>
    <message>
        <source>A non-dealer wins with their first draw, with no call made before it.</source>
        <translation>子が鳴きのないまま最初のツモで和了る。</translation>
    </message>
    <message>
        <source>Sets of three of all three dragons.</source>
        <translation>三元牌すべての刻子。</translation>
    </message>
    <message>
        <source>Four sets of three made without calling, won by tsumo.</source>
        <translation>鳴かずに作った刻子 4 つ、ツモ和了。</translation>
    </message>
    <message>
        <source>Four concealed sets of three, waiting on the pair (ron is fine too).</source>
        <translation>暗刻 4 つで単騎待ち (ロンでも可)。</translation>
    </message>
    <message>
        <source>Only winds and dragons.</source>
        <translation>字牌だけ。</translation>
    </message>
    <message>
        <source>Only green tiles: 2, 3, 4, 6, 8 of bamboo and the green dragon.</source>
        <translation>緑の牌だけ: 索子の 2・3・4・6・8 と發。</translation>
    </message>
    <message>
        <source>Only 1s and 9s.</source>
        <translation>一・九牌だけ。</translation>
    </message>
    <message>
        <source>Closed 1-1-1-2-3-4-5-6-7-8-9-9-9 of one suit plus one more of that suit.</source>
        <translation>門前で同じ色の 1112345678999 と同じ色の牌 1 枚。</translation>
    </message>
    <message>
        <source>Nine gates waiting on all nine tiles of the suit.</source>
        <translation>九種の牌すべてを待つ九蓮宝燈。</translation>
    </message>
    <message>
        <source>One of each 1, 9, wind and dragon, and a second of one of them.</source>
        <translation>一・九牌と字牌を 1 枚ずつ、そのうち 1 種をもう 1 枚。</translation>
    </message>
    <message>
        <source>Thirteen orphans waiting on all thirteen tiles.</source>
        <translation>13 種すべてを待つ国士無双。</translation>
    </message>
    <message>
        <source>Sets of three of all four winds.</source>
        <translation>四風牌すべての刻子。</translation>
    </message>
    <message>
        <source>Three wind sets of three and a pair of the fourth wind.</source>
        <translation>風牌の刻子 3 つと残りの風牌の雀頭。</translation>
    </message>
    <message>
        <source>Four kans.</source>
        <translation>槓子 4 つ。</translation>
    </message>
    <message>
        <source>riichi</source>
        <translation>立直</translation>
    </message>
    <message>
        <source>double riichi</source>
        <translation>ダブル立直</translation>
    </message>
    <message>
        <source>ippatsu</source>
        <translation>一発</translation>
    </message>
    <message>
        <source>last tile of the wall</source>
        <translation>海底</translation>
    </message>
    <message>
        <source>last discard</source>
        <translation>河底</translation>
    </message>
    <message>
        <source>replacement tile after a kan</source>
        <translation>嶺上</translation>
    </message>
    <message>
        <source>robbing a kan</source>
        <translation>槍槓</translation>
    </message>
    <message>
        <source>dealer's first draw</source>
        <translation>親の第一ツモ</translation>
    </message>
    <message>
        <source>first draw</source>
        <translation>第一ツモ</translation>
    </message>
    <message>
        <source>before the first draw</source>
        <translation>第一ツモの前</translation>
    </message>
</context>
<context>
    <name>YakuReferenceDialog</name>
    <message>
        <source>Yaku</source>
        <translation>役</translation>
    </message>
    <message>
        <source>Find a yaku…</source>
        <translation>役を検索…</translation>
    </message>
    <message>
        <source>Type part of a yaku's name to shorten the list.</source>
        <translation>役名の一部を入力すると一覧が絞り込まれます。</translation>
    </message>
    <message>
        <source>Values under: {rules}</source>
        <translation>ルール: {rules}</translation>
    </message>
    <message>
        <source>Example</source>
        <translation>例</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Double yakuman</source>
        <translation>ダブル役満</translation>
    </message>
    <message>
        <source>Double yakuman under these rules</source>
        <translation>このルールではダブル役満</translation>
    </message>
    <message>
        <source>Yakuman</source>
        <translation>役満</translation>
    </message>
    <message>
        <source>Yakuman: counts as 13 han (no limits)</source>
        <translation>役満: 13 翻として数えます (青天井)</translation>
    </message>
    <message>
        <source>Yakuman: the top limit, {points} by ron ({dealer} for the dealer)</source>
        <translation>役満: 最高の点数、ロンで {points} 点 (親は {dealer} 点)</translation>
    </message>
    <message>
        <source>{n} han</source>
        <translation>{n} 翻</translation>
    </message>
    <message>
        <source>{n} han, closed hand only</source>
        <translation>{n} 翻、門前のみ</translation>
    </message>
    <message>
        <source>{n} han, open or closed</source>
        <translation>{n} 翻、鳴いても可</translation>
    </message>
    <message>
        <source>{closed} han closed, {open} han open (one less after a call)</source>
        <translation>門前 {closed} 翻、鳴くと {open} 翻 (食い下がり)</translation>
    </message>
    <message>
        <source>{closed} han ({open} open)</source>
        <translation>{closed} 翻 (鳴き {open})</translation>
    </message>
    <message>
        <source>Not a yaku</source>
        <translation>役なし</translation>
    </message>
    <message>
        <source>Not a yaku under these rules (the condition adds nothing)</source>
        <translation>このルールでは役になりません (条件は何も加えません)</translation>
    </message>
    <message>
        <source>A mangan, unless the hand is worth more</source>
        <translation>満貫 (手がそれ以上の値ならその値)</translation>
    </message>
    <message>
        <source>5 han, adds up with other yaku</source>
        <translation>5 翻、他の役と複合</translation>
    </message>
    <message>
        <source>Yakuman under these rules</source>
        <translation>このルールでは役満</translation>
    </message>
    <message>
        <source>Not counted under these rules</source>
        <translation>このルールでは数えない</translation>
    </message>
    <message>
        <source>Tsumo (self-drawn)</source>
        <translation>ツモ (自摸)</translation>
    </message>
    <message>
        <source>Ron (on a discard)</source>
        <translation>ロン (他家の捨て牌)</translation>
    </message>
    <message>
        <source>seat {wind}</source>
        <translation>自風 {wind}</translation>
    </message>
    <message>
        <source>round {wind}</source>
        <translation>場風 {wind}</translation>
    </message>
    <message>
        <source>{han} han {fu} fu</source>
        <translation>{han} 翻 {fu} 符</translation>
    </message>
    <message>
        <source>Scored by the engine under {rules}: {yaku} — {value} — {points} points</source>
        <translation>{rules} ルールでの計算: {yaku} — {value} — {points} 点</translation>
    </message>
</context>
<context>
    <name>ImportReport</name>
    <message>
        <source>This game was already stored: it is opened, not stored again.</source>
        <translation>この対局はすでに保存されています。保存し直さずに開きました。</translation>
    </message>
    <message>
        <source>The game is stored. How its players joined the players list:</source>
        <translation>対局を保存しました。プレイヤー一覧への登録:</translation>
    </message>
    <message>
        <source>Substitute {name}</source>
        <translation>交代で入った {name}</translation>
    </message>
    <message>
        <source>{who} joined the oldest of the {n} players called {name}.</source>
        <translation>{who}: {name} という名前の {n} 人のうち最も古いプレイヤーとして登録しました。</translation>
    </message>
    <message>
        <source>{who} joined the player of that name.</source>
        <translation>{who}: 同じ名前のプレイヤーとして登録しました。</translation>
    </message>
    <message>
        <source>{who} is a new player.</source>
        <translation>{who}: 新しいプレイヤーとして登録しました。</translation>
    </message>
    <message>
        <source>{who} joined the player you chose.</source>
        <translation>{who}: 選んだプレイヤーとして登録しました。</translation>
    </message>
    <message>
        <source>{who} is a guest: counted in no statistics.</source>
        <translation>{who}: ゲストです。成績には数えません。</translation>
    </message>
    <message>
        <source>{who} sat down in this game and came back: the same player as at the start.</source>
        <translation>{who}: この対局で一度抜けて戻りました。最初と同じプレイヤーです。</translation>
    </message>
    <message>
        <source>{who} sits as a guest: the players list refuses the name.</source>
        <translation>{who}: プレイヤー一覧に登録できない名前のため、ゲストとしました。</translation>
    </message>
</context>
<context>
    <name>ChartWidget</name>
    <message>
        <source>No games in this selection</source>
        <translation>この条件の対局はありません</translation>
    </message>
</context>
<context>
    <name>PlaceChartWidget</name>
    <message>
        <source>Places</source>
        <translation>順位</translation>
    </message>
    <message>
        <source>1st</source>
        <translation>1位</translation>
    </message>
    <message>
        <source>2nd</source>
        <translation>2位</translation>
    </message>
    <message>
        <source>3rd</source>
        <translation>3位</translation>
    </message>
    <message>
        <source>4th</source>
        <translation>4位</translation>
    </message>
</context>
<context>
    <name>PointsChartWidget</name>
    <message>
        <source>Points per game</source>
        <translation>対局ごとのポイント</translation>
    </message>
    <message>
        <source>Moving average of {n} games</source>
        <translation>直近 {n} 局の移動平均</translation>
    </message>
</context>
<context>
    <name>RatesChartWidget</name>
    <message>
        <source>Rates per hand, against the club</source>
        <translation>局あたりの割合 (クラブ平均との比較)</translation>
    </message>
    <message>
        <source>Club</source>
        <translation>クラブ</translation>
    </message>
</context>
<context>
    <name>YakuChartWidget</name>
    <message>
        <source>Yaku of the wins with known yaku</source>
        <translation>役の分かる和了の役</translation>
    </message>
    <message>
        <source>No win with known yaku in this selection</source>
        <translation>この条件では役の分かる和了がありません</translation>
    </message>
    <message>
        <source>{n} wins with known yaku</source>
        <translation>役の分かる和了 {n} 回</translation>
    </message>
</context>
<context>
    <name>LeagueTableModel</name>
    <message>
        <source>Player</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>対局数</translation>
    </message>
    <message>
        <source>1st</source>
        <translation>1位</translation>
    </message>
    <message>
        <source>2nd</source>
        <translation>2位</translation>
    </message>
    <message>
        <source>3rd</source>
        <translation>3位</translation>
    </message>
    <message>
        <source>4th</source>
        <translation>4位</translation>
    </message>
    <message>
        <source>Avg place</source>
        <translation>平均順位</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>ポイント</translation>
    </message>
    <message>
        <source>Points/game</source>
        <translation>ポイント/局</translation>
    </message>
    <message>
        <source>Busts</source>
        <translation>トビ</translation>
    </message>
    <message>
        <source>Chombo</source>
        <translation>チョンボ</translation>
    </message>
    <message>
        <source>Hands</source>
        <translation>局数</translation>
    </message>
    <message>
        <source>Win %</source>
        <translation>和了率</translation>
    </message>
    <message>
        <source>Tsumo</source>
        <translation>ツモ</translation>
    </message>
    <message>
        <source>Deal-in %</source>
        <translation>放銃率</translation>
    </message>
    <message>
        <source>Riichi %</source>
        <translation>立直率</translation>
    </message>
    <message>
        <source>Avg win</source>
        <translation>平均打点</translation>
    </message>
    <message>
        <source>Largest win</source>
        <translation>最高打点</translation>
    </message>
</context>
<context>
    <name>RatingsTabWidget</name>
    <message>
        <source>Games of</source>
        <translation>対象の対局</translation>
    </message>
    <message>
        <source>this computer</source>
        <translation>このパソコン</translation>
    </message>
    <message>
        <source>Open a tournament…</source>
        <translation>大会を開く…</translation>
    </message>
    <message>
        <source>Rate a tournament's table games (a tournament database file) and show its MERS base ranks</source>
        <translation>大会の卓の対局 (大会データベースファイル) でレーティングを計算し、MERS 基礎ランクを表示します</translation>
    </message>
    <message>
        <source>With opponent</source>
        <translation>同卓した相手</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>対局数</translation>
    </message>
    <message>
        <source>Ordinal (μ − 3σ)</source>
        <translation>序数 (μ − 3σ)</translation>
    </message>
    <message>
        <source>tenhou.net R</source>
        <translation>天鳳 R</translation>
    </message>
    <message>
        <source>Tournament rank</source>
        <translation>大会順位</translation>
    </message>
    <message>
        <source>MERS base rank</source>
        <translation>MERS 基礎ランク</translation>
    </message>
    <message>
        <source>openskill rating after each game</source>
        <translation>対局ごとの openskill レーティング</translation>
    </message>
    <message>
        <source>tenhou.net R after each game</source>
        <translation>対局ごとの天鳳 R</translation>
    </message>
    <message>
        <source>&lt;b&gt;openskill&lt;/b&gt; (the openskill package, Plackett-Luce model, default parameters): every player starts at μ = 25, σ = 25/3; after each game the four finishers are rated by their final places (a tie the rules share is a tie). Players are ranked by the &lt;b&gt;ordinal μ − 3σ&lt;/b&gt;.&lt;br&gt;&lt;b&gt;tenhou.net R&lt;/b&gt;: starts at 1500; after each game R += factor × (place value + (table average R − R) / 40), place values +30 / +10 / −10 / −30, factor 1 − 0.002 × games played before (0.2 from 400 games). Games are rated in the order played.</source>
        <translation>&lt;b&gt;openskill&lt;/b&gt; (openskill パッケージ、Plackett-Luce モデル、既定のパラメータ): 全員 μ = 25、σ = 25/3 から始まり、対局ごとに最後まで打った 4 人を最終順位で評価します (ルールが同順位とするものは同順位)。&lt;b&gt;序数 μ − 3σ&lt;/b&gt; で順位を付けます。&lt;br&gt;&lt;b&gt;天鳳 R&lt;/b&gt;: 1500 から始まり、対局ごとに R += 試合数補正 × (順位点 + (卓平均 R − R) / 40)。順位点 +30 / +10 / −10 / −30、試合数補正 1 − 0.002 × それまでの対局数 (400 局以上は 0.2)。対局は打った順に計算します。</translation>
    </message>
    <message>
        <source>Open a tournament</source>
        <translation>大会を開く</translation>
    </message>
    <message>
        <source>Tournament databases (*.sqlite3 *.sqlite *.db);;All files (*)</source>
        <translation>大会データベース (*.sqlite3 *.sqlite *.db);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>anyone</source>
        <translation>指定なし</translation>
    </message>
    <message>
        <source>{rank} of {players}</source>
        <translation>{players} 人中 {rank} 位</translation>
    </message>
    <message>
        <source>ordinal μ − 3σ</source>
        <translation>序数 μ − 3σ</translation>
    </message>
    <message>
        <source>R</source>
        <translation>R</translation>
    </message>
</context>
<context>
    <name>PlayersWindow</name>
    <message>
        <source>Players and statistics</source>
        <translation>プレイヤーと成績</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>League table</source>
        <translation>リーグ表</translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation>PNG で保存…</translation>
    </message>
    <message>
        <source>Ratings</source>
        <translation>レーティング</translation>
    </message>
    <message>
        <source>{name} (1 game)</source>
        <translation>{name} (1 局)</translation>
    </message>
    <message>
        <source>{name} ({n} games)</source>
        <translation>{name} ({n} 局)</translation>
    </message>
    <message>
        <source>Games from</source>
        <translation>対象期間</translation>
    </message>
    <message>
        <source>to</source>
        <translation>〜</translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation>ルール</translation>
    </message>
    <message>
        <source>All rulesets</source>
        <translation>すべてのルール</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>再読み込み</translation>
    </message>
    <message>
        <source>any day</source>
        <translation>指定なし</translation>
    </message>
    <message>
        <source>Find a player</source>
        <translation>プレイヤーを検索</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>名前を変更…</translation>
    </message>
    <message>
        <source>Merge…</source>
        <translation>統合…</translation>
    </message>
    <message>
        <source>Merge this entry into another one: its games count for that player.</source>
        <translation>この登録を別の登録に統合します: 対局はそのプレイヤーの成績になります。</translation>
    </message>
    <message>
        <source>Unmerge</source>
        <translation>統合を解除</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>元に戻す</translation>
    </message>
    <message>
        <source>Save a chart as PNG…</source>
        <translation>グラフを PNG で保存…</translation>
    </message>
    <message>
        <source>Or right-click a chart</source>
        <translation>グラフの右クリックでも保存できます</translation>
    </message>
    <message>
        <source>Head to head (opponents met at least {n} times)</source>
        <translation>対戦成績 ({n} 回以上同卓した相手)</translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation>相手</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>対局数</translation>
    </message>
    <message>
        <source>Average place</source>
        <translation>平均順位</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>ポイント</translation>
    </message>
    <message>
        <source>Their place</source>
        <translation>相手の平均順位</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>CSV に書き出す…</translation>
    </message>
    <message>
        <source>Export PDF…</source>
        <translation>PDF に書き出す…</translation>
    </message>
    <message>
        <source>{n} damaged games were left out.</source>
        <translation>壊れた対局 {n} 件を除外しました。</translation>
    </message>
    <message>
        <source>{name}, merged into {other}</source>
        <translation>{name} ({other} に統合済み)</translation>
    </message>
    <message>
        <source>No players yet: finish a game or import game records.</source>
        <translation>まだプレイヤーがいません: 対局を終えるか牌譜を取り込んでください。</translation>
    </message>
    <message>
        <source>Win</source>
        <translation>和了</translation>
    </message>
    <message>
        <source>Tsumo</source>
        <translation>ツモ</translation>
    </message>
    <message>
        <source>Deal-in</source>
        <translation>放銃</translation>
    </message>
    <message>
        <source>Riichi</source>
        <translation>立直</translation>
    </message>
    <message>
        <source>1st / 2nd / 3rd / 4th</source>
        <translation>1位 / 2位 / 3位 / 4位</translation>
    </message>
    <message>
        <source>Points (per game)</source>
        <translation>ポイント (1 局あたり)</translation>
    </message>
    <message>
        <source>Busts</source>
        <translation>トビ</translation>
    </message>
    <message>
        <source>Chombo</source>
        <translation>チョンボ</translation>
    </message>
    <message>
        <source>Hands played</source>
        <translation>局数</translation>
    </message>
    <message>
        <source>Wins</source>
        <translation>和了</translation>
    </message>
    <message>
        <source>Tsumo wins</source>
        <translation>ツモ和了</translation>
    </message>
    <message>
        <source>Deal-ins</source>
        <translation>放銃</translation>
    </message>
    <message>
        <source>Average win</source>
        <translation>平均打点</translation>
    </message>
    <message>
        <source>Largest win</source>
        <translation>最高打点</translation>
    </message>
    <message>
        <source>Average han / fu</source>
        <translation>平均翻 / 符</translation>
    </message>
    <message>
        <source>Dora per win</source>
        <translation>和了あたりのドラ</translation>
    </message>
    <message>
        <source>MERS base rank</source>
        <translation>MERS 基礎ランク</translation>
    </message>
    <message>
        <source>{tournament}:
{base} ({rank} of {players})</source>
        <translation>{tournament}:
{base} ({players} 人中 {rank} 位)</translation>
    </message>
    <message>
        <source>Rename a player</source>
        <translation>プレイヤー名の変更</translation>
    </message>
    <message>
        <source>New name for {name}:</source>
        <translation>{name} の新しい名前:</translation>
    </message>
    <message>
        <source>Same person</source>
        <translation>同じ人物</translation>
    </message>
    <message>
        <source>{name} is the same person as:</source>
        <translation>{name} と同じ人物:</translation>
    </message>
    <message>
        <source>Save a chart</source>
        <translation>グラフの保存</translation>
    </message>
    <message>
        <source>Which chart?</source>
        <translation>どのグラフですか?</translation>
    </message>
    <message>
        <source>Save the chart</source>
        <translation>グラフを保存</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>{path} に保存しました</translation>
    </message>
    <message>
        <source>the first game</source>
        <translation>最初の対局</translation>
    </message>
    <message>
        <source>the last game</source>
        <translation>最後の対局</translation>
    </message>
    <message>
        <source>all rulesets</source>
        <translation>すべてのルール</translation>
    </message>
    <message>
        <source>Games from {since} to {until}, {rules}</source>
        <translation>{since} から {until} までの対局、{rules}</translation>
    </message>
    <message>
        <source>Export the league table</source>
        <translation>リーグ表を書き出す</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF ファイル (*.pdf)</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>Places
1-2-3-4</source>
        <translation>順位
1-2-3-4位</translation>
    </message>
    <message>
        <source>Average
place</source>
        <translation>平均
順位</translation>
    </message>
    <message>
        <source>Win
rate</source>
        <translation>和了率</translation>
    </message>
    <message>
        <source>Deal-in
rate</source>
        <translation>放銃率</translation>
    </message>
    <message>
        <source>Riichi
rate</source>
        <translation>立直率</translation>
    </message>
    <message>
        <source>Average
win</source>
        <translation>平均
打点</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV ファイル (*.csv)</translation>
    </message>
</context>
<context>
    <name>TournamentController</name>
    <message>
        <source>Live updates: {reason}; checking once a second instead</source>
        <translation>自動更新: {reason}。代わりに 1 秒ごとに確認します</translation>
    </message>
    <message>
        <source>the admin address is a postgresql:// URL</source>
        <translation>管理者のアドレスは postgresql:// で始まる URL です</translation>
    </message>
    <message>
        <source>Table code</source>
        <translation>卓のコード</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>再読み込み</translation>
    </message>
    <message>
        <source>Seating</source>
        <translation>座席</translation>
    </message>
    <message>
        <source>Recording a game</source>
        <translation>対局の記録</translation>
    </message>
    <message>
        <source>Penalty</source>
        <translation>罰符</translation>
    </message>
    <message>
        <source>Substitute</source>
        <translation>補欠</translation>
    </message>
    <message>
        <source>Drop-out</source>
        <translation>棄権</translation>
    </message>
    <message>
        <source>Disqualification</source>
        <translation>失格</translation>
    </message>
    <message>
        <source>Score sheet</source>
        <translation>点数表</translation>
    </message>
    <message>
        <source>Correction</source>
        <translation>訂正</translation>
    </message>
    <message>
        <source>Repairing a game</source>
        <translation>対局の修復</translation>
    </message>
    <message>
        <source>Substitution</source>
        <translation>交代</translation>
    </message>
    <message>
        <source>Substitution taken out</source>
        <translation>交代の取り消し</translation>
    </message>
    <message>
        <source>table {t}: {reason}</source>
        <translation>{t} 番卓: {reason}</translation>
    </message>
    <message>
        <source>End the games now</source>
        <translation>今すぐ全卓を終了</translation>
    </message>
    <message>
        <source>session {n} is not seated yet</source>
        <translation>第 {n} 回戦の座席はまだ決まっていません</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>書き出し</translation>
    </message>
</context>
<context>
    <name>RefereeWindow</name>
    <message>
        <source>Correcting session {s} table {t}: close this window to send the corrections</source>
        <translation>{s} 回戦 卓 {t} を訂正中: このウィンドウを閉じると訂正が送られます</translation>
    </message>
    <message>
        <source>Repair the game</source>
        <translation>対局を修復</translation>
    </message>
    <message>
        <source>Table {t}'s game cannot be replayed: {reason}

Cut it back to its first {n} events (the table takes the server's copy and enters again what still stands), or replace it with a game record file?</source>
        <translation>卓 {t} の対局は再生できません: {reason}

最初の {n} 件の記録まで戻しますか (卓はサーバーの記録を受け取り、有効な分を入力し直します)、それとも牌譜記録ファイルで置き換えますか?</translation>
    </message>
    <message>
        <source>Cut back</source>
        <translation>戻す</translation>
    </message>
    <message>
        <source>Replace from a file…</source>
        <translation>ファイルで置き換え…</translation>
    </message>
    <message>
        <source>Referee: {name}</source>
        <translation>審判: {name}</translation>
    </message>
    <message>
        <source>Session </source>
        <translation>回戦 </translation>
    </message>
    <message>
        <source>Start the clock</source>
        <translation>計時を開始</translation>
    </message>
    <message>
        <source>Stop the clock</source>
        <translation>計時を停止</translation>
    </message>
    <message>
        <source>End the games now</source>
        <translation>今すぐ全卓を終了</translation>
    </message>
    <message>
        <source>Time is up: end every running game of this session (under the tournament's rule 'finish the hand', each table plays its hand in play as the last)</source>
        <translation>時間切れ: この回戦の進行中の対局をすべて終了します (大会の規定が「その局まで」なら、各卓は進行中の局を最終局として打ちます)</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>再読み込み</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>選手</translation>
    </message>
    <message>
        <source>Seating</source>
        <translation>座席</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>卓</translation>
    </message>
    <message>
        <source>Standings</source>
        <translation>順位</translation>
    </message>
    <message>
        <source>Penalties</source>
        <translation>罰符</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Tournament</source>
        <translation>大会</translation>
    </message>
    <message>
        <source>Dates and venue</source>
        <translation>日程と会場</translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation>ルール</translation>
    </message>
    <message>
        <source>Sessions and time limit</source>
        <translation>回戦数と制限時間</translation>
    </message>
    <message>
        <source>Standings rule</source>
        <translation>順位の決め方</translation>
    </message>
    <message>
        <source>Seating rules</source>
        <translation>座席の規定</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>EMA id</source>
        <translation>EMA ID</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>国</translation>
    </message>
    <message>
        <source>Club</source>
        <translation>クラブ</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>チーム</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>区分</translation>
    </message>
    <message>
        <source>Fixed table</source>
        <translation>固定卓</translation>
    </message>
    <message>
        <source>Add a substitute…</source>
        <translation>補欠を追加…</translation>
    </message>
    <message>
        <source>Selected player drops out</source>
        <translation>選択した選手が棄権</translation>
    </message>
    <message>
        <source>The player keeps their results and is not seated from this session</source>
        <translation>それまでの成績は残り、この回戦から座席に入りません</translation>
    </message>
    <message>
        <source>Disqualify the selected player…</source>
        <translation>選択した選手を失格にする…</translation>
    </message>
    <message>
        <source>Out from this session on, and placed as the tournament's rules say (EMA 2025 6.12, RCR 2016 5.8)</source>
        <translation>この回戦から除外し、大会の規定どおりに順位付けします (EMA 2025 6.12、RCR 2016 5.8)</translation>
    </message>
    <message>
        <source>Avoid repeats, balance winds</source>
        <translation>再戦を避け、風を均等に</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>ランダム</translation>
    </message>
    <message>
        <source>Swiss (by standings, avoiding rematches)</source>
        <translation>スイス式 (順位順、再戦を避ける)</translation>
    </message>
    <message>
        <source>Swiss (strict rank order)</source>
        <translation>スイス式 (厳密な順位順)</translation>
    </message>
    <message>
        <source>From a CSV file…</source>
        <translation>CSV ファイルから…</translation>
    </message>
    <message>
        <source>Seat this session</source>
        <translation>この回戦の座席を決める</translation>
    </message>
    <message>
        <source>Export seating CSV…</source>
        <translation>座席を CSV に書き出す…</translation>
    </message>
    <message>
        <source>Wall sheet and table cards (PDF)…</source>
        <translation>掲示用座席表と卓カード (PDF)…</translation>
    </message>
    <message>
        <source>Score sheets (PDF)…</source>
        <translation>点数表 (PDF)…</translation>
    </message>
    <message>
        <source>Each table's score sheet of this session, with a line to sign (EMA 2025 7.5)</source>
        <translation>この回戦の各卓の点数表 (署名欄つき、EMA 2025 7.5)</translation>
    </message>
    <message>
        <source>All-last sheets (PDF)…</source>
        <translation>オーラス用紙 (PDF)…</translation>
    </message>
    <message>
        <source>Each table's all-last sheet, with the scores where the game is recorded (EMA 2025 3.6)</source>
        <translation>各卓のオーラス用紙 (対局が記録されていれば持ち点つき、EMA 2025 3.6)</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>卓</translation>
    </message>
    <message>
        <source>East</source>
        <translation>東</translation>
    </message>
    <message>
        <source>South</source>
        <translation>南</translation>
    </message>
    <message>
        <source>West</source>
        <translation>西</translation>
    </message>
    <message>
        <source>North</source>
        <translation>北</translation>
    </message>
    <message>
        <source>Table </source>
        <translation>卓 </translation>
    </message>
    <message>
        <source>Record a game from a file…</source>
        <translation>ファイルから対局を記録…</translation>
    </message>
    <message>
        <source>Correct the game…</source>
        <translation>対局を訂正…</translation>
    </message>
    <message>
        <source>Open the table's game in the table view; edit hands in its history, then close it</source>
        <translation>卓の対局を卓画面で開き、履歴で局を訂正してから閉じてください</translation>
    </message>
    <message>
        <source>Substitute a player…</source>
        <translation>選手を交代…</translation>
    </message>
    <message>
        <source>A substitute takes a player's seat in the chosen table's game from the hand in play on</source>
        <translation>選んだ卓の対局で、進行中の局から補欠が選手の席に入ります</translation>
    </message>
    <message>
        <source>Take out a substitution…</source>
        <translation>交代を取り消す…</translation>
    </message>
    <message>
        <source>Take a substitution out of the chosen table's game: first, when a correction would end the game before the substitute came in</source>
        <translation>選んだ卓の対局から選手の交代を取り消します: 訂正によって補欠が入る前に対局が終わる場合は、まずこれを行ってください</translation>
    </message>
    <message>
        <source>Repair the game…</source>
        <translation>対局を修復…</translation>
    </message>
    <message>
        <source>A game this program cannot replay: cut it back to its first events that replay, or replace it from a file</source>
        <translation>このプログラムで再生できない対局: 再生できる最初の記録まで戻すか、ファイルで置き換えます</translation>
    </message>
    <message>
        <source>New table code…</source>
        <translation>卓のコードを新規発行…</translation>
    </message>
    <message>
        <source>A new login code for the table chosen beside it (needs the server's admin address)</source>
        <translation>横で選んだ卓の新しいログインコード (サーバーの管理者アドレスが必要です)</translation>
    </message>
    <message>
        <source>Sheet signed…</source>
        <translation>点数表の署名…</translation>
    </message>
    <message>
        <source>Record the chosen table's score sheet as signed by its players, or take that back (EMA 2025 7.5)</source>
        <translation>選んだ卓の点数表を全員署名済みとして記録します (取り消しも可、EMA 2025 7.5)</translation>
    </message>
    <message>
        <source>Standings and games (PDF)…</source>
        <translation>順位と対局 (PDF)…</translation>
    </message>
    <message>
        <source>Export standings CSV…</source>
        <translation>順位を CSV に書き出す…</translation>
    </message>
    <message>
        <source>Export EMA results…</source>
        <translation>EMA 結果を書き出す…</translation>
    </message>
    <message>
        <source>Export games CSV…</source>
        <translation>対局を CSV に書き出す…</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>順位</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>ポイント</translation>
    </message>
    <message>
        <source>Members</source>
        <translation>メンバー</translation>
    </message>
    <message>
        <source>Give a penalty…</source>
        <translation>罰符を科す…</translation>
    </message>
    <message>
        <source>Export corrections CSV…</source>
        <translation>訂正を CSV に書き出す…</translation>
    </message>
    <message>
        <source>Every correction to a played hand, and what it changed in each player's points</source>
        <translation>終わった局へのすべての訂正と、それによる各選手のポイントの変化</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>選手</translation>
    </message>
    <message>
        <source>For</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Tables not told the time yet (trying again): {tables}</source>
        <translation>終了の合図がまだ届いていない卓 (再試行中): {tables}</translation>
    </message>
    <message>
        <source>{n} sessions, {m} minutes each</source>
        <translation>{n} 回戦、各 {m} 分</translation>
    </message>
    <message>
        <source>sum of points and penalties; ties: {rule}</source>
        <translation>ポイントと罰符の合計。同点: {rule}</translation>
    </message>
    <message>
        <source>substitute</source>
        <translation>補欠</translation>
    </message>
    <message>
        <source>disqualified after session {k}</source>
        <translation>{k} 回戦の後に失格</translation>
    </message>
    <message>
        <source>dropped out after session {k}</source>
        <translation>{k} 回戦の後に棄権</translation>
    </message>
    <message>
        <source>player</source>
        <translation>選手</translation>
    </message>
    <message>
        <source>Byes: {names}</source>
        <translation>抜け番: {names}</translation>
    </message>
    <message>
        <source>tournament</source>
        <translation>大会全体</translation>
    </message>
    <message>
        <source>session {k}</source>
        <translation>{k} 回戦</translation>
    </message>
    <message>
        <source>Table {t}</source>
        <translation>卓 {t}</translation>
    </message>
    <message>
        <source>local (no server)</source>
        <translation>ローカル (サーバーなし)</translation>
    </message>
    <message>
        <source>server unreachable</source>
        <translation>サーバーに接続できません</translation>
    </message>
    <message>
        <source>not joined</source>
        <translation>未接続</translation>
    </message>
    <message>
        <source>synced at {time}</source>
        <translation>{time} に同期済み</translation>
    </message>
    <message>
        <source>synced</source>
        <translation>同期済み</translation>
    </message>
    <message>
        <source>offline? nothing since {time}</source>
        <translation>オフライン? {time} 以降の送信なし</translation>
    </message>
    <message>
        <source>{n} changes held on the server</source>
        <translation>サーバーで保留中の変更 {n} 件</translation>
    </message>
    <message>
        <source>cannot be replayed: {reason}</source>
        <translation>再生できません: {reason}</translation>
    </message>
    <message>
        <source>Repair the game… (ranked nowhere until then)</source>
        <translation>対局を修復… (それまで順位に数えません)</translation>
    </message>
    <message>
        <source>no game yet</source>
        <translation>対局なし</translation>
    </message>
    <message>
        <source>finished, sheet signed</source>
        <translation>終了、署名済み</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>playing {hand}, this hand and one more</source>
        <translation>{hand} 進行中、この局とあと1局</translation>
    </message>
    <message>
        <source>playing {hand}, last hand</source>
        <translation>{hand} 進行中、最終局</translation>
    </message>
    <message>
        <source>playing {hand}</source>
        <translation>{hand} 進行中</translation>
    </message>
    <message>
        <source>{done} of {all} tables finished</source>
        <translation>{all} 卓中 {done} 卓終了</translation>
    </message>
    <message>
        <source>average of own sessions</source>
        <translation>本人の回戦平均</translation>
    </message>
    <message>
        <source>0.0</source>
        <translation>0.0</translation>
    </message>
    <message>
        <source>byes (a bye scores: {score})</source>
        <translation>抜け番あり (抜け番の得点: {score})</translation>
    </message>
    <message>
        <source>substitutes fill the last table</source>
        <translation>補欠で最後の卓を埋める</translation>
    </message>
    <message>
        <source>keep apart: {column}</source>
        <translation>離す所属: {column}</translation>
    </message>
    <message>
        <source>seeded: {names}</source>
        <translation>シード: {names}</translation>
    </message>
    <message>
        <source>all met</source>
        <translation>全組が対戦済み</translation>
    </message>
    <message>
        <source>Pairs met twice or more: {ours} ({random})</source>
        <translation>2回以上対戦した組: {ours} ({random})</translation>
    </message>
    <message>
        <source>most meetings of a pair: {ours} ({random})</source>
        <translation>同じ組の最多対戦: {ours} ({random})</translation>
    </message>
    <message>
        <source>winds per player: {ours} ({random})</source>
        <translation>1人の同じ風の回数: {ours} ({random})</translation>
    </message>
    <message>
        <source>table revisits: {ours} ({random})</source>
        <translation>同じ卓番号への再着席: {ours} ({random})</translation>
    </message>
    <message>
        <source>fewest common opponents of a pair never met: {ours} ({random})</source>
        <translation>未対戦の組の共通の対戦相手 (最少): {ours} ({random})</translation>
    </message>
    <message>
        <source>byes per player: {ours} ({random})</source>
        <translation>1 人の抜け番: {ours} ({random})</translation>
    </message>
    <message>
        <source>meetings of players kept apart: {ours} ({random})</source>
        <translation>離すべき選手同士の対戦: {ours} ({random})</translation>
    </message>
    <message>
        <source>Quality of sessions {first}-{last} (a random seating in brackets):</source>
        <translation>第{first}〜{last}回戦の座席の質 (括弧内は無作為な座席):</translation>
    </message>
    <message>
        <source>pairs met twice or more {before} → {after}</source>
        <translation>2回以上対戦した組 {before} → {after}</translation>
    </message>
    <message>
        <source>winds per player {before} → {after}</source>
        <translation>1人の同じ風の回数 {before} → {after}</translation>
    </message>
    <message>
        <source>table revisits {before} → {after}</source>
        <translation>同じ卓番号への再着席 {before} → {after}</translation>
    </message>
    <message>
        <source>fewest common opponents {before} → {after}</source>
        <translation>共通の対戦相手 (最少) {before} → {after}</translation>
    </message>
    <message>
        <source>meetings of players kept apart {before} → {after}</source>
        <translation>離すべき選手同士の対戦 {before} → {after}</translation>
    </message>
    <message>
        <source>Seated again: {moved} of {seated} players changed seats. Before → after:</source>
        <translation>座席をやり直しました: {seated}人中{moved}人の席が変わりました。前 → 後:</translation>
    </message>
    <message>
        <source>{name} for {seated}</source>
        <translation>{name} ({seated} の代わり)</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>対局数</translation>
    </message>
    <message>
        <source>S{k}</source>
        <translation>{k}回戦</translation>
    </message>
    <message>
        <source> (disqualified)</source>
        <translation> (失格)</translation>
    </message>
    <message>
        <source> (dropped out)</source>
        <translation> (棄権)</translation>
    </message>
    <message>
        <source>{points} (bye)</source>
        <translation>{points} (抜け番)</translation>
    </message>
    <message>
        <source>{finished} games finished, {running} running</source>
        <translation>終了 {finished} 局、進行中 {running} 局</translation>
    </message>
    <message>
        <source>{m}:00</source>
        <translation>{m}:00</translation>
    </message>
    <message>
        <source>Time is up</source>
        <translation>時間切れ</translation>
    </message>
    <message>
        <source>Seating CSV</source>
        <translation>座席 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV ファイル (*.csv)</translation>
    </message>
    <message>
        <source>Game record</source>
        <translation>牌譜記録</translation>
    </message>
    <message>
        <source>Game records (*.json)</source>
        <translation>牌譜記録 (*.json)</translation>
    </message>
    <message>
        <source>Table {t} has no game to correct yet.</source>
        <translation>卓 {t} には訂正する対局がまだありません。</translation>
    </message>
    <message>
        <source>Table {t}'s game replays: there is nothing to repair.</source>
        <translation>卓 {t} の対局は再生できます: 修復するものはありません。</translation>
    </message>
    <message>
        <source>Table {t} has no game yet: seat the substitute instead.</source>
        <translation>卓 {t} にはまだ対局がありません: 補欠は座席で割り当ててください。</translation>
    </message>
    <message>
        <source>Nobody came in during table {t}'s game.</source>
        <translation>卓 {t} の対局では途中で入った選手はいません。</translation>
    </message>
    <message>
        <source>{name} for {left}, from hand {n}</source>
        <translation>{name} ({left} の代わり、第 {n} 局から)</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>nothing (not in this game)</source>
        <translation>なし (この対局に出場しない)</translation>
    </message>
    <message>
        <source>{player}: {was} → {will}</source>
        <translation>{player}: {was} → {will}</translation>
    </message>
    <message>
        <source>New table code</source>
        <translation>卓のコードを新規発行</translation>
    </message>
    <message>
        <source>The server's admin address (postgresql://user:password@host:port/database):</source>
        <translation>サーバーの管理者アドレス (postgresql://ユーザー:パスワード@ホスト:ポート/データベース):</translation>
    </message>
    <message>
        <source>Table {t}: code {code} (its old code no longer logs in)</source>
        <translation>卓 {t}: コード {code} (古いコードではログインできなくなりました)</translation>
    </message>
    <message>
        <source>Add a substitute</source>
        <translation>補欠を追加</translation>
    </message>
    <message>
        <source>Select the player who drops out first.</source>
        <translation>先に棄権する選手を選んでください。</translation>
    </message>
    <message>
        <source>{name} is seated in session {n}, which was seated before this drop-out. Seat session {n} again without them?</source>
        <translation>{name} は、この棄権より前に席を決めた第 {n} 回戦に座っています。{name} を除いて第 {n} 回戦の席を決め直しますか?</translation>
    </message>
    <message>
        <source>Seat again</source>
        <translation>席を決め直す</translation>
    </message>
    <message>
        <source>{name} is still seated in session {sessions}, whose games began: a substitute can take the seat (Substitute a player…).</source>
        <translation>{name} は対局が始まった第 {sessions} 回戦にまだ座っています。その席には補欠が入れます (「選手を交代…」)。</translation>
    </message>
    <message>
        <source>Select the player to disqualify first.</source>
        <translation>先に失格にする選手を選んでください。</translation>
    </message>
    <message>
        <source>Disqualify {name}</source>
        <translation>{name} を失格にする</translation>
    </message>
    <message>
        <source>Why (cheating, severe or continued obstruction: EMA 2025 6.12)?</source>
        <translation>理由 (不正行為、重大または継続的な妨害: EMA 2025 6.12)</translation>
    </message>
    <message>
        <source>{name} sits in a game of this session: put a substitute in their seat (Substitute a player…).</source>
        <translation>{name} はこの回戦の対局に着席中です: その席に補欠を入れてください (選手を交代…)。</translation>
    </message>
    <message>
        <source>Table {t}'s score sheet is recorded as signed. Take that back?</source>
        <translation>{t} 番卓の点数表は署名済みとして記録されています。取り消しますか?</translation>
    </message>
    <message>
        <source>Score sheet</source>
        <translation>点数表</translation>
    </message>
    <message>
        <source>Record table {t}'s score sheet as signed by its players?</source>
        <translation>{t} 番卓の点数表を全員署名済みとして記録しますか?</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF ファイル (*.pdf)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>書き出し</translation>
    </message>
</context>
<context>
    <name>NewTournamentDialog</name>
    <message>
        <source>nobody</source>
        <translation>離さない</translation>
    </message>
    <message>
        <source>club</source>
        <translation>クラブ</translation>
    </message>
    <message>
        <source>country</source>
        <translation>国</translation>
    </message>
    <message>
        <source>team</source>
        <translation>チーム</translation>
    </message>
    <message>
        <source>The players file is empty: its first line names the columns, at least 'name'.</source>
        <translation>選手ファイルが空です: 1 行目に列名 (少なくとも 'name') を書いてください。</translation>
    </message>
    <message>
        <source>The players file cannot be read as CSV (a quotation mark left open?).</source>
        <translation>選手ファイルを CSV として読めません (閉じていない引用符はありませんか?)。</translation>
    </message>
    <message>
        <source>Players file, line {line}: cannot be read as CSV (a quotation mark left open?).</source>
        <translation>選手ファイル {line} 行目: CSV として読めません (閉じていない引用符はありませんか?)。</translation>
    </message>
    <message>
        <source>The first line of the players file must name a 'name' column (known: {columns}).</source>
        <translation>選手ファイルの 1 行目には 'name' 列が必要です (使える列: {columns})。</translation>
    </message>
    <message>
        <source>The players file has an unknown column '{column}' (known: {columns}).</source>
        <translation>選手ファイルに不明な列 '{column}' があります (使える列: {columns})。</translation>
    </message>
    <message>
        <source>The players file names the column '{column}' twice in its first line.</source>
        <translation>選手ファイルの 1 行目に列 '{column}' が 2 回あります。</translation>
    </message>
    <message>
        <source>Players file, line {line}: {n} fields, but the first line names {columns} columns.</source>
        <translation>選手ファイル {line} 行目: 項目が {n} 個ありますが、1 行目の列は {columns} 個です。</translation>
    </message>
    <message>
        <source>The players file lists more than {n} players.</source>
        <translation>選手ファイルの選手が {n} 人を超えています。</translation>
    </message>
    <message>
        <source>Players file, line {line}: {problem}</source>
        <translation>選手ファイル {line} 行目: {problem}</translation>
    </message>
    <message>
        <source>Players file, line {line}, column '{column}': one line of text, at most {n} characters.</source>
        <translation>選手ファイル {line} 行目の列 '{column}': 改行を含まない {n} 文字以内の文字列にしてください。</translation>
    </message>
    <message>
        <source>Players file, line {line}, column 'substitute': write yes or no (not '{value}').</source>
        <translation>選手ファイル {line} 行目の列 'substitute': yes か no を書いてください ('{value}' ではなく)。</translation>
    </message>
    <message>
        <source>Players file, line {line}: {name} is already on line {other} (names must differ, ignoring case).</source>
        <translation>選手ファイル {line} 行目: {name} は {other} 行目にすでにあります (名前は大文字・小文字を区別せずに異なる必要があります)。</translation>
    </message>
    <message>
        <source>The players file names its columns but lists no players.</source>
        <translation>選手ファイルには列名だけがあり、選手がいません。</translation>
    </message>
    <message>
        <source>New tournament</source>
        <translation>新しい大会</translation>
    </message>
    <message>
        <source> day(s)</source>
        <translation> 日間</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分</translation>
    </message>
    <message>
        <source>Team standings (the players CSV's 'team' column)</source>
        <translation>チーム順位 (選手 CSV の team 列)</translation>
    </message>
    <message>
        <source>names from the players file, separated by commas</source>
        <translation>選手ファイルの名前をカンマ区切りで</translation>
    </message>
    <message>
        <source>substitutes fill the last table</source>
        <translation>補欠で最後の卓を埋める</translation>
    </message>
    <message>
        <source>byes: the full tables play, the rest sit out</source>
        <translation>抜け番: 4 人そろう卓だけ打ち、残りは休み</translation>
    </message>
    <message>
        <source>the player's average session</source>
        <translation>その選手の回戦平均</translation>
    </message>
    <message>
        <source>0.0</source>
        <translation>0.0</translation>
    </message>
    <message>
        <source>CSV with a header row: name, ema_id, country, club, team</source>
        <translation>見出し行のある CSV: name, ema_id, country, club, team</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>選択…</translation>
    </message>
    <message>
        <source>Create…</source>
        <translation>作成…</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>First day</source>
        <translation>初日</translation>
    </message>
    <message>
        <source>Venue</source>
        <translation>会場</translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation>ルール</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>回戦数</translation>
    </message>
    <message>
        <source>Time limit per session</source>
        <translation>1 回戦の制限時間</translation>
    </message>
    <message>
        <source>Seeded players (one per table)</source>
        <translation>シード選手 (1 卓に 1 人)</translation>
    </message>
    <message>
        <source>A bye scores</source>
        <translation>抜け番の得点</translation>
    </message>
    <message>
        <source>Keep apart players of one</source>
        <translation>同じ所属の選手を離す</translation>
    </message>
    <message>
        <source>Players not filling a table</source>
        <translation>卓に満たない選手</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>選手</translation>
    </message>
    <message>
        <source>Choose the players CSV file.</source>
        <translation>選手の CSV ファイルを選んでください。</translation>
    </message>
    <message>
        <source>Seeded player {name} is not in the players file.</source>
        <translation>シード選手 {name} は選手ファイルにいません。</translation>
    </message>
</context>
<context>
    <name>TournamentPenaltyDialog</name>
    <message>
        <source>Referee penalty</source>
        <translation>審判の罰符</translation>
    </message>
    <message>
        <source>Free amount (the referee's discretion)</source>
        <translation>任意の点数 (審判の裁量)</translation>
    </message>
    <message>
        <source>Late: 1,000 a minute, rounded up</source>
        <translation>遅刻: 1 分ごとに 1,000 点 (切り上げ)</translation>
    </message>
    <message>
        <source>Misfilled all-last sheet that affected the game: 8,000</source>
        <translation>対局に影響したオーラス用紙の記入ミス: 8,000 点</translation>
    </message>
    <message>
        <source>Unfixable score sheet mistake: 2,000 each player of the table</source>
        <translation>訂正できない点数表の誤り: 卓の全員に各 2,000 点</translation>
    </message>
    <message>
        <source>Unsigned score sheet: 2,000</source>
        <translation>点数表の署名なし: 2,000 点</translation>
    </message>
    <message>
        <source>Obstruction: 8,000 or 12,000</source>
        <translation>妨害行為: 8,000 点または 12,000 点</translation>
    </message>
    <message>
        <source>Serious or repeated obstruction: 12,000 to 48,000</source>
        <translation>重大または繰り返しの妨害行為: 12,000〜48,000 点</translation>
    </message>
    <message>
        <source>Chombo at a table not in the program: {points}</source>
        <translation>記録外の卓のチョンボ: {points} 点</translation>
    </message>
    <message>
        <source>Not said</source>
        <translation>指定なし</translation>
    </message>
    <message>
        <source>the kind's, with its section</source>
        <translation>種類の既定の理由 (条項つき)</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>選手</translation>
    </message>
    <message>
        <source>Table number</source>
        <translation>卓番号</translation>
    </message>
    <message>
        <source>Minutes late</source>
        <translation>遅刻 (分)</translation>
    </message>
    <message>
        <source>Points (negative: penalty)</source>
        <translation>点数 (マイナスは罰符)</translation>
    </message>
    <message>
        <source>Which error?</source>
        <translation>どの誤りか</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
</context>
<context>
    <name>SubstituteDialog</name>
    <message>
        <source>Substitute a player</source>
        <translation>選手の交代</translation>
    </message>
    <message>
        <source>Table {t}: the substitute plays from the hand in play on and the seat keeps its points. The one who leaves is credited with what the seat won or lost while they sat; the one who finishes the game there with the rest, the uma and the place.</source>
        <translation>卓 {t}: 補欠は進行中の局から打ち、席の点数はそのまま引き継がれます。退席する選手には在席中にその席が得失した点が、最後まで打った選手には残りの点とウマ・順位が計上されます。</translation>
    </message>
    <message>
        <source>e.g. fell ill</source>
        <translation>例: 体調不良</translation>
    </message>
    <message>
        <source>Leaves the table</source>
        <translation>退席する選手</translation>
    </message>
    <message>
        <source>Comes in</source>
        <translation>入る選手</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
</context>
<context>
    <name>TakeOutSubstitutionDialog</name>
    <message>
        <source>Take out a substitution</source>
        <translation>選手の交代の取り消し</translation>
    </message>
    <message>
        <source>Table {t}: the game goes on as if whoever sat there before had played on; they are credited with the seat's result again. Do this before a correction that would end the game before the substitute came in, or for a substitution entered by mistake.</source>
        <translation>卓 {t}: 前に座っていた選手がそのまま打ち続けたものとして対局を扱い、その席の成績はすべてその選手に計上されます。訂正によって補欠が入る前に対局が終わる場合や、誤って入力した交代に使います。</translation>
    </message>
    <message>
        <source>e.g. hand 4 corrected: the game ended before</source>
        <translation>例: 第4局の訂正で、その前に対局が終了</translation>
    </message>
    <message>
        <source>Substitution</source>
        <translation>交代</translation>
    </message>
    <message>
        <source>What changes</source>
        <translation>変わる点</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>The settings file could not be read ({problem}); the defaults are used.</source>
        <translation>設定ファイルを読み込めませんでした ({problem})。既定の設定を使います。</translation>
    </message>
    <message>
        <source>The settings file could not be read ({problem}); it was renamed {name} and the defaults are used.</source>
        <translation>設定ファイルを読み込めませんでした ({problem})。ファイル名を {name} に変えて、既定の設定を使います。</translation>
    </message>
</context>
<context>
    <name>ActionBarWidget</name>
    <message>
        <source>Ron</source>
        <translation>ロン</translation>
    </message>
    <message>
        <source>Tsumo</source>
        <translation>ツモ</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>流局</translation>
    </message>
    <message>
        <source>Abort</source>
        <translation>途中流局</translation>
    </message>
    <message>
        <source>Chombo</source>
        <translation>チョンボ</translation>
    </message>
    <message>
        <source>↶ Undo</source>
        <translation>↶ 戻す</translation>
    </message>
    <message>
        <source>↷ Redo</source>
        <translation>↷ やり直す</translation>
    </message>
    <message>
        <source>Someone won off another player's discard. Pick the winner, who dealt in, and the hand.</source>
        <translation>他家の捨て牌で和了しました。和了者、放銃者、手の値を選びます。</translation>
    </message>
    <message>
        <source>Someone won with a tile they drew themselves. Pick the winner and the hand.</source>
        <translation>自分で引いた牌で和了しました。和了者と手の値を選びます。</translation>
    </message>
    <message>
        <source>The wall ran out with no winner. Tick who was ready (tenpai).</source>
        <translation>山がなくなり和了者なし。聴牌していた人に印を付けます。</translation>
    </message>
    <message>
        <source>The hand was abandoned early (nine terminals, four winds, four riichi...).</source>
        <translation>途中で局が流れました (九種九牌、四風連打、四家立直など)。</translation>
    </message>
    <message>
        <source>A player broke a rule (a false win...) and pays the penalty. The hand is replayed.</source>
        <translation>反則 (誤ロンなど) をした人が罰符を払います。局はやり直しです。</translation>
    </message>
    <message>
        <source>Take back the last thing recorded (Ctrl+Z).</source>
        <translation>最後に記録したことを取り消します (Ctrl+Z)。</translation>
    </message>
    <message>
        <source>Put back what Undo took back (Ctrl+Shift+Z).</source>
        <translation>「元に戻す」で取り消したことをやり直します (Ctrl+Shift+Z)。</translation>
    </message>
    <message>
        <source>No game is open: start a new game (Ctrl+N), or open or import one.</source>
        <translation>対局が開かれていません。新しい対局を始める (Ctrl+N) か、対局を開くか取り込んでください。</translation>
    </message>
    <message>
        <source>The game is over: see the results (Ctrl+R). Undo (Ctrl+Z) takes back its end.</source>
        <translation>対局は終了しました。結果を見る (Ctrl+R)。「元に戻す」(Ctrl+Z) で終了を取り消せます。</translation>
    </message>
    <message>
        <source>The classical rules have no chombo: use Game ▸ Referee penalty for a false win.</source>
        <translation>古典ルールにチョンボはありません。誤和了にはゲーム ▸ 審判の罰符を使ってください。</translation>
    </message>
    <message>
        <source>The classical rules have no abortive draws: record a draw.</source>
        <translation>古典ルールに途中流局はありません。流局として記録してください。</translation>
    </message>
    <message>
        <source>This game's rules have no abortive draws: record a draw.</source>
        <translation>この対局のルールに途中流局はありません。流局として記録してください。</translation>
    </message>
    <message>
        <source>Nothing to undo yet.</source>
        <translation>元に戻す操作はまだありません。</translation>
    </message>
    <message>
        <source>Nothing to redo: Redo puts back what Undo took back.</source>
        <translation>やり直す操作はありません。「やり直す」は「元に戻す」で取り消したものを戻します。</translation>
    </message>
</context>
<context>
    <name>CentreWidget</name>
    <message>
        <source>⟲ Rotate</source>
        <translation>⟲ 回転</translation>
    </message>
    <message>
        <source>Turn the table so another seat faces this side</source>
        <translation>別の席がこちらを向くように卓を回転します</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Show the final results: places, uma/oka, points and the chart.</source>
        <translation>最終結果を表示します: 順位、ウマ・オカ、ポイント、グラフ。</translation>
    </message>
    <message>
        <source>Tsumo</source>
        <translation>ツモ</translation>
    </message>
    <message>
        <source>Nobody dealt in: the winner drew the winning tile themselves.</source>
        <translation>放銃者なし: 和了者が自分で和了牌を引きました。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Nobody won after all: back to the table (Esc).</source>
        <translation>和了を取り消して卓に戻ります (Esc)。</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>対局終了</translation>
    </message>
    <message>
        <source>Honba {honba}   ·   Sticks {sticks}</source>
        <translation>{honba} 本場   ·   供託 {sticks} 本</translation>
    </message>
    <message>
        <source>{name} won. Who dealt in? Tap that player's seat.</source>
        <translation>{name} の和了。放銃したのは誰? その席をタップしてください。</translation>
    </message>
</context>
<context>
    <name>EmptyStateWidget</name>
    <message>
        <source>No game is open</source>
        <translation>対局が開かれていません</translation>
    </message>
    <message>
        <source>Start a new game for the four players at this table, or carry on with a game saved here or sent to you as a game record. Every hand is saved the moment it is confirmed.</source>
        <translation>この卓の 4 人で新しい対局を始めるか、このパソコンに保存された対局や送られてきた牌譜記録の続きを開いてください。各局は確定した時点で保存されます。</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>新しい対局</translation>
    </message>
    <message>
        <source>Enter the players' names and choose the rules.</source>
        <translation>プレイヤー名を入力し、ルールを選びます。</translation>
    </message>
    <message>
        <source>Open a game…</source>
        <translation>対局を開く…</translation>
    </message>
    <message>
        <source>Carry on with, or look at, a game stored on this computer.</source>
        <translation>このパソコンに保存された対局を続ける、または見ます。</translation>
    </message>
    <message>
        <source>Import a game record…</source>
        <translation>牌譜記録を取り込む…</translation>
    </message>
    <message>
        <source>Open a game record file (JSON) exported by this app.</source>
        <translation>このアプリで書き出した牌譜記録ファイル (JSON) を開きます。</translation>
    </message>
</context>
<context>
    <name>GapsOverlayWidget</name>
    <message>
        <source>Tap to close.</source>
        <translation>タップで閉じます。</translation>
    </message>
    <message>
        <source>How far {name} is from the others</source>
        <translation>{name} と他家との点差</translation>
    </message>
</context>
<context>
    <name>HistoryTableModel</name>
    <message>
        <source>Hand</source>
        <translation>局</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>{label}
(replay)</source>
        <translation>{label}
(やり直し)</translation>
    </message>
    <message>
        <source>Scores after: {scores}</source>
        <translation>局後の点数: {scores}</translation>
    </message>
</context>
<context>
    <name>HistoryWidget</name>
    <message>
        <source>Edit hand…</source>
        <translation>局を修正…</translation>
    </message>
    <message>
        <source>Correct the chosen hand: who declared riichi and how it ended. Later hands are recomputed.</source>
        <translation>選んだ局を修正します (立直した人と局の結果)。以降の局は再計算されます。</translation>
    </message>
    <message>
        <source>Delete hand</source>
        <translation>局を削除</translation>
    </message>
    <message>
        <source>Remove the chosen hand as if it never happened. Undo brings it back.</source>
        <translation>選んだ局をなかったことにします。「元に戻す」で復元できます。</translation>
    </message>
    <message>
        <source>Insert hand before…</source>
        <translation>この局の前に局を挿入…</translation>
    </message>
    <message>
        <source>Enter a hand someone forgot to record, played just before the chosen one.</source>
        <translation>記録し忘れた局を、選んだ局の直前に入力します。</translation>
    </message>
    <message>
        <source>After {label}: {scores}</source>
        <translation>{label} 終了時: {scores}</translation>
    </message>
</context>
<context>
    <name>ScoreChartWidget</name>
    <message>
        <source>Score chart</source>
        <translation>点数推移</translation>
    </message>
    <message>
        <source>No hands yet</source>
        <translation>まだ局がありません</translation>
    </message>
</context>
<context>
    <name>RiichiStickWidget</name>
    <message>
        <source>Riichi stick</source>
        <translation>リーチ棒</translation>
    </message>
</context>
<context>
    <name>SeatPanelWidget</name>
    <message>
        <source>Riichi</source>
        <translation>立直</translation>
    </message>
    <message>
        <source>This player declares riichi and puts a 1,000-point stick on the table.</source>
        <translation>この人が立直を宣言し、1,000点棒を卓に出します。</translation>
    </message>
    <message>
        <source>Win</source>
        <translation>和了</translation>
    </message>
    <message>
        <source>This player won: then tap the seat of the player who dealt in, or Tsumo in the middle.</source>
        <translation>このプレイヤーの和了: 次に放銃したプレイヤーの席をタップ (ツモなら中央のツモ)。</translation>
    </message>
    <message>
        <source>● Dealer</source>
        <translation>● 親</translation>
    </message>
    <message>
        <source>{points} after uma</source>
        <translation>{points} (ウマの後)</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>対局は終了しました。</translation>
    </message>
    <message>
        <source>{name}'s hand was declared dead: no riichi.</source>
        <translation>{name} の手はアガリ放棄です。リーチできません。</translation>
    </message>
    <message>
        <source>Riichi needs 1,000 points: {name} has {points}.</source>
        <translation>立直には 1,000 点必要です: {name} は {points} 点です。</translation>
    </message>
</context>
<context>
    <name>TableSyncController</name>
    <message>
        <source>Stopped: the server's copy of this game differs from this laptop's. It is taken from the server as soon as the server can be read.</source>
        <translation>停止中: サーバー上のこの対局の記録がこの端末の記録と異なります。サーバーから読み込めしだい、サーバーの記録に切り替えます。</translation>
    </message>
    <message>
        <source>1 event waiting</source>
        <translation>未送信 1 件</translation>
    </message>
    <message>
        <source>{n} events waiting</source>
        <translation>未送信 {n} 件</translation>
    </message>
    <message>
        <source>Offline since {time}</source>
        <translation>{time} からオフライン</translation>
    </message>
    <message>
        <source>{waiting}: the server did not take them ({reason})</source>
        <translation>{waiting}: サーバーが受け付けませんでした (サーバーの説明・英語: {reason})</translation>
    </message>
    <message>
        <source>Synced</source>
        <translation>同期済み</translation>
    </message>
    <message>
        <source>Checking with the server…</source>
        <translation>サーバーに確認中…</translation>
    </message>
</context>
<context>
    <name>JoinTournamentDialog</name>
    <message>
        <source>Join a tournament</source>
        <translation>大会に参加</translation>
    </message>
    <message>
        <source>the join code the referee gives, e.g. 192.168.1.10:5432/…</source>
        <translation>審判が渡す参加コード (例: 192.168.1.10:5432/…)</translation>
    </message>
    <message>
        <source>Server, tournament, table, code and the server's certificate in one: the other fields are not needed</source>
        <translation>サーバー、大会、卓、コード、サーバーの証明書をひとつにしたもの: ほかの欄は不要です</translation>
    </message>
    <message>
        <source>e.g. 192.168.1.10:5432</source>
        <translation>例: 192.168.1.10:5432</translation>
    </message>
    <message>
        <source>the tournament's name on the server</source>
        <translation>サーバー上の大会名</translation>
    </message>
    <message>
        <source>the code the referee shows, e.g. K7QX-M2PD-9TRA</source>
        <translation>審判が示すコード (例: K7QX-M2PD-9TRA)</translation>
    </message>
    <message>
        <source>Join code</source>
        <translation>参加コード</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>サーバー</translation>
    </message>
    <message>
        <source>Tournament</source>
        <translation>大会</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>回戦</translation>
    </message>
    <message>
        <source>Table number</source>
        <translation>卓番号</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>コード</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>参加</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Connecting to {server}…</source>
        <translation>{server} に接続中…</translation>
    </message>
    <message>
        <source>The server at {server} did not answer within {n} s. Check the address, and that this laptop is on the tournament's network.</source>
        <translation>{server} のサーバーが {n} 秒以内に応答しませんでした。アドレスと、このノートPCが大会のネットワークにつながっているかを確認してください。</translation>
    </message>
    <message>
        <source>The server refused this table's login: check the tournament's name, the table number and the code.</source>
        <translation>サーバーがこの卓のログインを拒否しました。大会名、卓番号、コードを確認してください。</translation>
    </message>
    <message>
        <source>Nothing answers at {server}: check the address and the port, and that the server is running.</source>
        <translation>{server} で応答するものがありません。アドレスとポート、サーバーが動いているかを確認してください。</translation>
    </message>
    <message>
        <source>No computer called {host} was found: check the server's address.</source>
        <translation>{host} という名前のコンピューターが見つかりません。サーバーのアドレスを確認してください。</translation>
    </message>
    <message>
        <source>Could not join the tournament.</source>
        <translation>大会に参加できませんでした。</translation>
    </message>
</context>
<context>
    <name>ClassicalEntryWidget</name>
    <message>
        <source>This hand cannot be: {reason}.</source>
        <translation>この手は成立しません: {reason}。</translation>
    </message>
    <message>
        <source>Type the tiles, e.g. 234p234p2p 2p 333s+pon 15f</source>
        <translation>牌を入力 (例: 234p234p2p 2p 333s+pon 15f)</translation>
    </message>
    <message>
        <source>Hand in mpsz notation, extra tiles as 1f-8f</source>
        <translation>mpsz 表記の手牌 (花牌は 1f-8f)</translation>
    </message>
    <message>
        <source>Seasons and plants held (tap to remove)</source>
        <translation>季節牌・花牌 (タップで外す)</translation>
    </message>
    <message>
        <source>{count} more tile(s) needed for a winning hand.</source>
        <translation>和了形まであと {count} 枚です。</translation>
    </message>
    <message>
        <source>Choose the winning tile.</source>
        <translation>和了牌を選んでください。</translation>
    </message>
    <message>
        <source>Not a winning hand: the tiles do not make four sets and a pair (or a special hand).</source>
        <translation>和了形ではありません: 4面子1雀頭 (または特別な形) になっていません。</translation>
    </message>
    <message>
        <source>{value} points ({points} x {multiplier})</source>
        <translation>{value} 点 ({points} × {multiplier})</translation>
    </message>
</context>
<context>
    <name>TileEntryWidget</name>
    <message>
        <source>Clear</source>
        <translation>クリア</translation>
    </message>
    <message>
        <source>Hand (tap a tile to remove it)</source>
        <translation>手牌 (タップで外す)</translation>
    </message>
    <message>
        <source>Melds (tap to remove)</source>
        <translation>副露 (タップで外す)</translation>
    </message>
    <message>
        <source>The hand is full: a winning hand has 14 tiles (a kan counts as 3).</source>
        <translation>手牌がいっぱいです: 和了形は14枚です (槓子は3枚と数えます)。</translation>
    </message>
    <message>
        <source>There are at most five indicators (one dora and four kan dora).</source>
        <translation>表示牌は最大5枚です (ドラ1枚と槓ドラ4枚)。</translation>
    </message>
    <message>
        <source>The hand is full: tap one of its tiles to make it the winning tile.</source>
        <translation>手牌がいっぱいです: 和了牌にする牌をタップしてください。</translation>
    </message>
    <message>
        <source>No room for another meld: a winning hand has 14 tiles (a kan counts as 3).</source>
        <translation>これ以上副露できません: 和了形は14枚です (槓子は3枚と数えます)。</translation>
    </message>
    <message>
        <source>Not enough copies of {tile} left for this meld: a set has four.</source>
        <translation>{tile} の残りが足りないので、この副露は作れません (同じ牌は4枚まで)。</translation>
    </message>
</context>
<context>
    <name>EntryWords</name>
    <message>
        <source>Hand</source>
        <translation>手牌</translation>
    </message>
    <message>
        <source>Winning tile</source>
        <translation>和了牌</translation>
    </message>
    <message>
        <source>Chow</source>
        <translation>チー (順子)</translation>
    </message>
    <message>
        <source>Pung</source>
        <translation>ポン (刻子)</translation>
    </message>
    <message>
        <source>Exposed kong</source>
        <translation>明槓</translation>
    </message>
    <message>
        <source>Concealed kong</source>
        <translation>暗槓</translation>
    </message>
    <message>
        <source>Dora indicator</source>
        <translation>ドラ表示牌</translation>
    </message>
    <message>
        <source>Ura indicator</source>
        <translation>裏ドラ表示牌</translation>
    </message>
    <message>
        <source>Chi</source>
        <translation>チー</translation>
    </message>
    <message>
        <source>Pon</source>
        <translation>ポン</translation>
    </message>
    <message>
        <source>Open kan</source>
        <translation>明槓</translation>
    </message>
    <message>
        <source>Closed kan</source>
        <translation>暗槓</translation>
    </message>
    <message>
        <source>Added kan</source>
        <translation>加槓</translation>
    </message>
    <message>
        <source>Tap tiles to add them to the hand (the 14th is the winning tile); tap one in the hand to remove it.</source>
        <translation>牌をタップして手牌に加えます (14枚目が和了牌)。手牌の牌をタップすると外せます。</translation>
    </message>
    <message>
        <source>Tap the winning tile (in the picker or in the hand).</source>
        <translation>和了牌をタップしてください (牌一覧か手牌から)。</translation>
    </message>
    <message>
        <source>Tap the three tiles of the chow.</source>
        <translation>順子の3枚をタップしてください。</translation>
    </message>
    <message>
        <source>Tap the tile of the pung.</source>
        <translation>刻子の牌をタップしてください。</translation>
    </message>
    <message>
        <source>Tap the tile of the exposed kong.</source>
        <translation>明槓の牌をタップしてください。</translation>
    </message>
    <message>
        <source>Tap the tile of the concealed kong.</source>
        <translation>暗槓の牌をタップしてください。</translation>
    </message>
    <message>
        <source>Tap tiles to add them to the hand; tap a tile in the hand to remove it.</source>
        <translation>牌をタップして手牌に加えます。手牌の牌をタップすると外せます。</translation>
    </message>
    <message>
        <source>Tap the dora indicators (kan dora too).</source>
        <translation>ドラ表示牌をタップしてください (槓ドラも)。</translation>
    </message>
    <message>
        <source>Tap the ura dora indicators.</source>
        <translation>裏ドラ表示牌をタップしてください。</translation>
    </message>
    <message>
        <source>Tap the three tiles of the chi ({n} of 3).</source>
        <translation>チーの3枚をタップしてください ({n}/3)。</translation>
    </message>
    <message>
        <source>Tap the tile of the pon (a red five if it holds one).</source>
        <translation>ポンの牌をタップしてください (赤五を含むなら赤五を)。</translation>
    </message>
    <message>
        <source>Tap the tile of the open kan.</source>
        <translation>明槓の牌をタップしてください。</translation>
    </message>
    <message>
        <source>Tap the tile of the closed kan.</source>
        <translation>暗槓の牌をタップしてください。</translation>
    </message>
    <message>
        <source>Tap the tile of the added kan.</source>
        <translation>加槓の牌をタップしてください。</translation>
    </message>
    <message>
        <source>base</source>
        <translation>副底</translation>
    </message>
    <message>
        <source>seven pairs</source>
        <translation>七対子</translation>
    </message>
    <message>
        <source>closed ron</source>
        <translation>門前ロン</translation>
    </message>
    <message>
        <source>tsumo</source>
        <translation>ツモ</translation>
    </message>
    <message>
        <source>edge wait</source>
        <translation>辺張待ち</translation>
    </message>
    <message>
        <source>closed wait</source>
        <translation>嵌張待ち</translation>
    </message>
    <message>
        <source>pair wait</source>
        <translation>単騎待ち</translation>
    </message>
    <message>
        <source>open pinfu</source>
        <translation>喰い平和形</translation>
    </message>
    <message>
        <source>open triplet of simples</source>
        <translation>中張牌の明刻</translation>
    </message>
    <message>
        <source>open triplet of terminals or honours</source>
        <translation>么九牌の明刻</translation>
    </message>
    <message>
        <source>closed triplet of simples</source>
        <translation>中張牌の暗刻</translation>
    </message>
    <message>
        <source>closed triplet of terminals or honours</source>
        <translation>么九牌の暗刻</translation>
    </message>
    <message>
        <source>open kan of simples</source>
        <translation>中張牌の明槓</translation>
    </message>
    <message>
        <source>open kan of terminals or honours</source>
        <translation>么九牌の明槓</translation>
    </message>
    <message>
        <source>closed kan of simples</source>
        <translation>中張牌の暗槓</translation>
    </message>
    <message>
        <source>closed kan of terminals or honours</source>
        <translation>么九牌の暗槓</translation>
    </message>
    <message>
        <source>dragon pair</source>
        <translation>三元牌の雀頭</translation>
    </message>
    <message>
        <source>seat wind pair</source>
        <translation>自風の雀頭</translation>
    </message>
    <message>
        <source>round wind pair</source>
        <translation>場風の雀頭</translation>
    </message>
    <message>
        <source>double wind pair</source>
        <translation>連風牌の雀頭</translation>
    </message>
    <message>
        <source>Riichi</source>
        <translation>立直</translation>
    </message>
    <message>
        <source>Double riichi</source>
        <translation>ダブル立直</translation>
    </message>
    <message>
        <source>Ippatsu</source>
        <translation>一発</translation>
    </message>
    <message>
        <source>Haitei (last tile drawn)</source>
        <translation>海底 (最後のツモ牌)</translation>
    </message>
    <message>
        <source>Houtei (last discard)</source>
        <translation>河底 (最後の捨て牌)</translation>
    </message>
    <message>
        <source>Rinshan (kan replacement tile)</source>
        <translation>嶺上 (槓の補充牌)</translation>
    </message>
    <message>
        <source>Chankan (robbing a kan)</source>
        <translation>槍槓 (加槓を奪う)</translation>
    </message>
    <message>
        <source>Tenhou</source>
        <translation>天和</translation>
    </message>
    <message>
        <source>Chiihou</source>
        <translation>地和</translation>
    </message>
    <message>
        <source>Renhou</source>
        <translation>人和</translation>
    </message>
    <message>
        <source>Last tile of the wall</source>
        <translation>海底 (山の最後の牌)</translation>
    </message>
    <message>
        <source>Replacement tile after a kong</source>
        <translation>嶺上 (槓の補充牌)</translation>
    </message>
    <message>
        <source>Robbing the kong</source>
        <translation>搶槓</translation>
    </message>
    <message>
        <source>Heavenly hand</source>
        <translation>天和</translation>
    </message>
    <message>
        <source>One chance (only one tile could win)</source>
        <translation>一枚待ち (和了牌が一種だけ)</translation>
    </message>
    <message>
        <source>Last tile of its kind</source>
        <translation>最後の一枚</translation>
    </message>
    <message>
        <source>Exposed triplet</source>
        <translation>明刻</translation>
    </message>
    <message>
        <source>Concealed triplet</source>
        <translation>暗刻</translation>
    </message>
    <message>
        <source>Exposed quartet</source>
        <translation>明槓子</translation>
    </message>
    <message>
        <source>Concealed quartet</source>
        <translation>暗槓子</translation>
    </message>
    <message>
        <source>Pair of honours</source>
        <translation>字牌の雀頭</translation>
    </message>
    <message>
        <source>Pair of the seat wind</source>
        <translation>自風の雀頭</translation>
    </message>
    <message>
        <source>Pair of the round wind</source>
        <translation>場風の雀頭</translation>
    </message>
    <message>
        <source>Pair of the double wind</source>
        <translation>連風の雀頭</translation>
    </message>
    <message>
        <source>Extra tile</source>
        <translation>花牌</translation>
    </message>
    <message>
        <source>Extra tile of the seat</source>
        <translation>自分の花牌</translation>
    </message>
    <message>
        <source>Extra tile of the round</source>
        <translation>場の花牌</translation>
    </message>
    <message>
        <source>Extra tile of seat and round</source>
        <translation>自分と場の花牌</translation>
    </message>
    <message>
        <source>Completing the game</source>
        <translation>和了</translation>
    </message>
    <message>
        <source>Winning tile makes the pair</source>
        <translation>雀頭を作る和了牌</translation>
    </message>
    <message>
        <source>One-chance wait</source>
        <translation>嵌張・辺張待ち</translation>
    </message>
    <message>
        <source>Self-drawing</source>
        <translation>自摸</translation>
    </message>
    <message>
        <source>Unit (double system alone)</source>
        <translation>単位 (倍数だけの方式)</translation>
    </message>
    <message>
        <source>All sequences</source>
        <translation>順子のみ</translation>
    </message>
    <message>
        <source>Two suits</source>
        <translation>二色</translation>
    </message>
    <message>
        <source>Mixed straight</source>
        <translation>二色の一気通貫</translation>
    </message>
    <message>
        <source>Four of a number in a triplet and a sequence</source>
        <translation>刻子と順子で同じ牌4枚</translation>
    </message>
    <message>
        <source>Outside hand</source>
        <translation>全帯么</translation>
    </message>
    <message>
        <source>All simples</source>
        <translation>断么九</translation>
    </message>
    <message>
        <source>Twin</source>
        <translation>一盃口</translation>
    </message>
    <message>
        <source>Young and old</source>
        <translation>老少</translation>
    </message>
    <message>
        <source>Three cousins</source>
        <translation>三色同順</translation>
    </message>
    <message>
        <source>Concealed hand</source>
        <translation>門前</translation>
    </message>
    <message>
        <source>Seat wind</source>
        <translation>自風</translation>
    </message>
    <message>
        <source>Round wind</source>
        <translation>場風</translation>
    </message>
    <message>
        <source>Dragon set</source>
        <translation>三元牌</translation>
    </message>
    <message>
        <source>One chance</source>
        <translation>一枚待ち</translation>
    </message>
    <message>
        <source>Replacement tile</source>
        <translation>嶺上開花</translation>
    </message>
    <message>
        <source>Pair of 2, 5 or 8</source>
        <translation>二五八の雀頭</translation>
    </message>
    <message>
        <source>Seat season or plant</source>
        <translation>自分の花牌</translation>
    </message>
    <message>
        <source>Round season or plant</source>
        <translation>場の花牌</translation>
    </message>
    <message>
        <source>All triplets</source>
        <translation>対々和</translation>
    </message>
    <message>
        <source>Pure straight</source>
        <translation>一気通貫</translation>
    </message>
    <message>
        <source>Half flush</source>
        <translation>混一色</translation>
    </message>
    <message>
        <source>Unrelated tiles</source>
        <translation>全不靠</translation>
    </message>
    <message>
        <source>Double wind</source>
        <translation>連風</translation>
    </message>
    <message>
        <source>Three concealed triplets</source>
        <translation>三暗刻</translation>
    </message>
    <message>
        <source>Two concealed quartets</source>
        <translation>二暗槓</translation>
    </message>
    <message>
        <source>All from discards</source>
        <translation>全求人</translation>
    </message>
    <message>
        <source>All self-drawn</source>
        <translation>門前自摸</translation>
    </message>
    <message>
        <source>Double season or plant</source>
        <translation>自分と場の花牌</translation>
    </message>
    <message>
        <source>Four of a number in two sequences and the pair</source>
        <translation>二つの順子と雀頭で同じ牌4枚</translation>
    </message>
    <message>
        <source>Seven pairs</source>
        <translation>七対子</translation>
    </message>
    <message>
        <source>Terminals in all</source>
        <translation>純全帯么</translation>
    </message>
    <message>
        <source>Five kinds</source>
        <translation>五門斉</translation>
    </message>
    <message>
        <source>All above five</source>
        <translation>全大</translation>
    </message>
    <message>
        <source>All below five</source>
        <translation>全小</translation>
    </message>
    <message>
        <source>Four concealed triplets</source>
        <translation>四暗刻</translation>
    </message>
    <message>
        <source>Three concealed quartets</source>
        <translation>三暗槓</translation>
    </message>
    <message>
        <source>Flush</source>
        <translation>清一色</translation>
    </message>
    <message>
        <source>Double twins</source>
        <translation>二盃口</translation>
    </message>
    <message>
        <source>Double young and old</source>
        <translation>二老少</translation>
    </message>
    <message>
        <source>One number</source>
        <translation>同じ数字のみ</translation>
    </message>
    <message>
        <source>Thirteen orphans</source>
        <translation>国士無双</translation>
    </message>
    <message>
        <source>Four of a number in four sequences</source>
        <translation>四つの順子で同じ牌4枚</translation>
    </message>
    <message>
        <source>Little four winds</source>
        <translation>小四喜</translation>
    </message>
    <message>
        <source>Little three dragons</source>
        <translation>小三元</translation>
    </message>
    <message>
        <source>Four seasons or four plants</source>
        <translation>季節牌または花牌4枚</translation>
    </message>
    <message>
        <source>Big four winds</source>
        <translation>大四喜</translation>
    </message>
    <message>
        <source>Big three dragons</source>
        <translation>大三元</translation>
    </message>
    <message>
        <source>Four concealed quartets</source>
        <translation>四暗槓</translation>
    </message>
    <message>
        <source>All eight extra tiles</source>
        <translation>花牌8枚</translation>
    </message>
    <message>
        <source>Double system alone: a unit of {unit}</source>
        <translation>倍数だけの方式: 単位 {unit}</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>点</translation>
    </message>
    <message>
        <source>Total {raw}, rounded to {points}</source>
        <translation>合計 {raw} → 端数処理で {points}</translation>
    </message>
    <message>
        <source>Total {points}</source>
        <translation>合計 {points}</translation>
    </message>
    <message>
        <source>Doubles</source>
        <translation>倍数</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>{doubles} double(s): x {multiplier}</source>
        <translation>{doubles} 倍: × {multiplier}</translation>
    </message>
    <message>
        <source>Value {value}</source>
        <translation>点数 {value}</translation>
    </message>
    <message>
        <source>Capped at the limit (uncapped {uncapped})</source>
        <translation>上限で頭打ち (本来は {uncapped})</translation>
    </message>
</context>
<context>
    <name>HandEntryWidget</name>
    <message>
        <source>{limit} x{n}</source>
        <translation>{limit} ×{n}</translation>
    </message>
    <message>
        <source>{han} han {fu} fu</source>
        <translation>{han} 翻 {fu} 符</translation>
    </message>
    <message>
        <source>{limit} ({figures})</source>
        <translation>{limit} ({figures})</translation>
    </message>
    <message>
        <source>{figures} — {points}</source>
        <translation>{figures} — {points}</translation>
    </message>
    <message>
        <source>Ron: {points} from the discarder</source>
        <translation>ロン: 放銃者から {points}</translation>
    </message>
    <message>
        <source>Tsumo: {points} from each player</source>
        <translation>ツモ: 各自から {points}</translation>
    </message>
    <message>
        <source>Tsumo: {dealer} from the dealer, {other} from each other player</source>
        <translation>ツモ: 親から {dealer}、子から各 {other}</translation>
    </message>
    <message>
        <source>{points} all</source>
        <translation>{points} オール</translation>
    </message>
    <message>
        <source>No yaku: the hand is complete but has no yaku, so it cannot win (dora alone is not a yaku).</source>
        <translation>役なし: 形は完成していますが役がないので和了できません (ドラだけでは役になりません)。</translation>
    </message>
    <message>
        <source>Not a winning hand: the tiles do not make four sets and a pair, seven pairs or thirteen orphans.</source>
        <translation>和了形ではありません: 4面子1雀頭、七対子、国士無双のいずれにもなっていません。</translation>
    </message>
    <message>
        <source>These win conditions cannot go together: {detail}.</source>
        <translation>この和了条件は両立しません: {detail}。</translation>
    </message>
    <message>
        <source>This hand cannot exist: {detail}.</source>
        <translation>この手牌はありえません: {detail}。</translation>
    </message>
    <message>
        <source>no yaku</source>
        <translation>役なし</translation>
    </message>
    <message>
        <source>cannot win</source>
        <translation>和了不可</translation>
    </message>
    <message>
        <source>Type the tiles, e.g. 123m406p789s11z 789s+chi</source>
        <translation>牌を入力 (例: 123m406p789s11z 789s+chi)</translation>
    </message>
    <message>
        <source>Hand in mpsz notation</source>
        <translation>mpsz 表記の手牌</translation>
    </message>
    <message>
        <source>Dora and kan dora indicators</source>
        <translation>ドラ・槓ドラ表示牌</translation>
    </message>
    <message>
        <source>Ura dora indicators</source>
        <translation>裏ドラ表示牌</translation>
    </message>
    <message>
        <source>Waits (tap one to make it the winning tile)</source>
        <translation>待ち (タップで和了牌に)</translation>
    </message>
    <message>
        <source>Finish the chi: tap {n} more tile(s).</source>
        <translation>チーを完成させてください: あと {n} 枚。</translation>
    </message>
    <message>
        <source>13 tiles: the hand is ready. Tap a wait to make it the winning tile.</source>
        <translation>13枚: 聴牌です。待ち牌をタップすると和了牌になります。</translation>
    </message>
    <message>
        <source>13 tiles, but no tile completes this hand: it is not ready (not tenpai).</source>
        <translation>13枚ですが、和了になる牌がありません (ノーテン)。</translation>
    </message>
    <message>
        <source>Enter the winning hand: tap the tiles below or type them.</source>
        <translation>和了形を入力: 下の牌をタップするか、文字で入力してください。</translation>
    </message>
    <message>
        <source>{n} tile(s) so far: a winning hand has 14 (a kan counts as 3).</source>
        <translation>現在 {n} 枚: 和了形は14枚です (槓子は3枚と数えます)。</translation>
    </message>
    <message>
        <source>Too many tiles: {n}; a winning hand has 14 (a kan counts as 3).</source>
        <translation>牌が多すぎます: {n} 枚。和了形は14枚です (槓子は3枚と数えます)。</translation>
    </message>
    <message>
        <source>{name}: yakuman x{n}</source>
        <translation>{name}: 役満 ×{n}</translation>
    </message>
    <message>
        <source>{name}: {han} han</source>
        <translation>{name}: {han} 翻</translation>
    </message>
    <message>
        <source>Dora</source>
        <translation>ドラ</translation>
    </message>
    <message>
        <source>Red fives</source>
        <translation>赤ドラ</translation>
    </message>
    <message>
        <source>Ura dora</source>
        <translation>裏ドラ</translation>
    </message>
    <message>
        <source>{fu} fu (rounded up from {raw}): {parts}</source>
        <translation>{fu} 符 ({raw} 符を切り上げ): {parts}</translation>
    </message>
    <message>
        <source>{fu} fu: {parts}</source>
        <translation>{fu} 符: {parts}</translation>
    </message>
    <message>
        <source>{tile}   Ron: {ron}
        Tsumo: {tsumo}</source>
        <translation>{tile}   ロン: {ron}
        ツモ: {tsumo}</translation>
    </message>
</context>
<context>
    <name>Documents</name>
    <message>
        <source>Game record</source>
        <translation>対局記録</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>参加者</translation>
    </message>
    <message>
        <source>Hands</source>
        <translation>局</translation>
    </message>
    <message>
        <source>Yakuman</source>
        <translation>役満</translation>
    </message>
    <message>
        <source>{han} han {fu} fu</source>
        <translation>{han} 翻 {fu} 符</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>席</translation>
    </message>
    <message>
        <source>First wind</source>
        <translation>開始時の風</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始点</translation>
    </message>
    <message>
        <source>Final table</source>
        <translation>最終結果</translation>
    </message>
    <message>
        <source>Standings (the game has not ended)</source>
        <translation>途中経過 (対局は終了していません)</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>順位</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>持ち点</translation>
    </message>
    <message>
        <source>Uma/oka</source>
        <translation>ウマ・オカ</translation>
    </message>
    <message>
        <source>Penalties</source>
        <translation>罰符</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>ポイント</translation>
    </message>
    <message>
        <source>Players credited</source>
        <translation>各プレイヤーの獲得ポイント</translation>
    </message>
    <message>
        <source>Penalties after uma</source>
        <translation>ウマの後の罰符</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>局</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>No hands were played.</source>
        <translation>まだ 1 局も記録されていません。</translation>
    </message>
    <message>
        <source>Scores over the game</source>
        <translation>点数の推移</translation>
    </message>
    <message>
        <source>{points} points</source>
        <translation>{points} 点</translation>
    </message>
    <message>
        <source>{limit} ({han} han)</source>
        <translation>{limit} ({han} 翻)</translation>
    </message>
    <message>
        <source>Draw: all noten</source>
        <translation>流局: 全員ノーテン</translation>
    </message>
    <message>
        <source>{label} (replay)</source>
        <translation>{label} (やり直し)</translation>
    </message>
    <message>
        <source>Ruleset: {name}</source>
        <translation>ルール: {name}</translation>
    </message>
    <message>
        <source>From hand</source>
        <translation>開始局</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Sticks</source>
        <translation>供託</translation>
    </message>
    <message>
        <source>Each player's change over the hand (riichi sticks put down included); Sticks: left on the table.</source>
        <translation>各プレイヤーのその局の増減 (出した立直棒を含む)。供託: 卓に残った立直棒。</translation>
    </message>
    <message>
        <source>Each player's change over the hand.</source>
        <translation>各プレイヤーのその局の増減。</translation>
    </message>
    <message>
        <source>{n}x yakuman</source>
        <translation>{n} 倍役満</translation>
    </message>
    <message>
        <source>{value}, pao {name}</source>
        <translation>{value}、包 {name}</translation>
    </message>
    <message>
        <source>Ron: {winners} from {discarder}</source>
        <translation>ロン: {winners} (放銃 {discarder})</translation>
    </message>
    <message>
        <source>Tsumo: {winner}</source>
        <translation>ツモ: {winner}</translation>
    </message>
    <message>
        <source>Nagashi mangan: {seats}</source>
        <translation>流し満貫: {seats}</translation>
    </message>
    <message>
        <source>Abortive draw: {reason}</source>
        <translation>途中流局: {reason}</translation>
    </message>
    <message>
        <source>Chombo: {name} ({amount})</source>
        <translation>チョンボ: {name} ({amount})</translation>
    </message>
    <message>
        <source>Changed from {preset}: {knobs}</source>
        <translation>{preset} からの変更: {knobs}</translation>
    </message>
    <message>
        <source>Riichi sticks left on the table at the end: {n}.</source>
        <translation>終局時に卓に残った立直棒: {n} 本。</translation>
    </message>
    <message>
        <source>Draw: tenpai {seats}</source>
        <translation>流局: 聴牌 {seats}</translation>
    </message>
    <message>
        <source>{points} after uma</source>
        <translation>ウマの後 {points}</translation>
    </message>
    <message>
        <source>{name} (from hand {first})</source>
        <translation>{name} ({first} 局目から)</translation>
    </message>
    <message>
        <source>Riichi: {names}</source>
        <translation>立直: {names}</translation>
    </message>
    <message>
        <source>Dead hand: {names}</source>
        <translation>アガリ放棄: {names}</translation>
    </message>
    <message>
        <source>Venue: {venue}</source>
        <translation>会場: {venue}</translation>
    </message>
    <message>
        <source>Table: {table}</source>
        <translation>卓: {table}</translation>
    </message>
    <message>
        <source>tournament</source>
        <translation>大会全体</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>順位</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>対局</translation>
    </message>
    <message>
        <source>Wall sheet</source>
        <translation>掲示用の座席表</translation>
    </message>
    <message>
        <source>Table cards</source>
        <translation>卓ごとの座席カード</translation>
    </message>
    <message>
        <source>session {k}</source>
        <translation>第 {k} 回戦</translation>
    </message>
    <message>
        <source>Teams</source>
        <translation>チーム</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>卓</translation>
    </message>
    <message>
        <source>Wind</source>
        <translation>風</translation>
    </message>
    <message>
        <source>all met</source>
        <translation>全組が対戦済み</translation>
    </message>
    <message>
        <source>Pairs met twice or more</source>
        <translation>2 回以上対戦した組</translation>
    </message>
    <message>
        <source>Most meetings of a pair</source>
        <translation>同じ組の最多対戦</translation>
    </message>
    <message>
        <source>Winds per player (min-max)</source>
        <translation>1 人の同じ風の回数 (最少-最多)</translation>
    </message>
    <message>
        <source>Table revisits</source>
        <translation>同じ卓番号への再着席</translation>
    </message>
    <message>
        <source>Fewest common opponents of a pair never met</source>
        <translation>未対戦の組の共通の対戦相手 (最少)</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>項目</translation>
    </message>
    <message>
        <source>This seating</source>
        <translation>この座席</translation>
    </message>
    <message>
        <source>A random seating</source>
        <translation>無作為な座席</translation>
    </message>
    <message>
        <source>Signed by the players (recorded by the referee).</source>
        <translation>全員が署名済み (審判が記録)。</translation>
    </message>
    <message>
        <source>Not signed yet: a sheet that is not signed is not valid (EMA 2025 7.5).</source>
        <translation>未署名: 署名のない点数表は無効です (EMA 2025 7.5)。</translation>
    </message>
    <message>
        <source>Each zone: the seat's wind and its score (total, or the difference from the start: all four alike).</source>
        <translation>各欄: 席の風と持ち点 (合計、または開始点との差。4 人とも同じ書き方で)。</translation>
    </message>
    <message>
        <source>no hand played, left</source>
        <translation>1 局も打たずに退席</translation>
    </message>
    <message>
        <source>Standings</source>
        <translation>順位表</translation>
    </message>
    <message>
        <source>{finished} games finished, {running} running</source>
        <translation>終了 {finished} 対局、進行中 {running} 対局</translation>
    </message>
    <message>
        <source>S{k}</source>
        <translation>{k}回戦</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>チーム</translation>
    </message>
    <message>
        <source>Members</source>
        <translation>メンバー</translation>
    </message>
    <message>
        <source>For</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>回戦</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Seats, scores and points</source>
        <translation>席・持ち点・ポイント</translation>
    </message>
    <message>
        <source>Byes per player (min-max)</source>
        <translation>1 人の抜け番の回数 (最少-最多)</translation>
    </message>
    <message>
        <source>Meetings of players kept apart</source>
        <translation>離すべき選手同士の対戦</translation>
    </message>
    <message>
        <source>Seating quality, sessions 1-{k}</source>
        <translation>座席の質 (第 1〜{k} 回戦)</translation>
    </message>
    <message>
        <source>Score sheets</source>
        <translation>点数表</translation>
    </message>
    <message>
        <source>Final count</source>
        <translation>最終持ち点</translation>
    </message>
    <message>
        <source>Uma</source>
        <translation>ウマ</translation>
    </message>
    <message>
        <source>Final score</source>
        <translation>最終スコア</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>署名</translation>
    </message>
    <message>
        <source>All-last sheets</source>
        <translation>オーラス用紙</translation>
    </message>
    <message>
        <source>Table {t}</source>
        <translation>{t} 番卓</translation>
    </message>
    <message>
        <source>Byes: {names}</source>
        <translation>抜け番: {names}</translation>
    </message>
    <message>
        <source>No game recorded for this table: fill in by hand.</source>
        <translation>この卓の対局は記録されていません: 手書きで記入してください。</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>running</source>
        <translation>進行中</translation>
    </message>
    <message>
        <source>Session {k}</source>
        <translation>第 {k} 回戦</translation>
    </message>
    <message>
        <source>The game is still running: the figures are as it stands.</source>
        <translation>対局は進行中です: 数字は現時点のものです。</translation>
    </message>
    <message>
        <source>hand {first}, left</source>
        <translation>{first} 局目、途中退席</translation>
    </message>
    <message>
        <source>hands {first}-{last}, left</source>
        <translation>{first}-{last} 局目、途中退席</translation>
    </message>
    <message>
        <source>left</source>
        <translation>途中退席</translation>
    </message>
    <message>
        <source>from hand {first}</source>
        <translation>{first} 局目から</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>はい</translation>
    </message>
    <message>
        <source>riichi sticks</source>
        <translation>供託</translation>
    </message>
    <message>
        <source>final table</source>
        <translation>最終結果</translation>
    </message>
    <message>
        <source>standings (game not ended)</source>
        <translation>途中経過 (対局は終了していません)</translation>
    </message>
    <message>
        <source>players credited</source>
        <translation>各プレイヤーの獲得ポイント</translation>
    </message>
    <message>
        <source>seat</source>
        <translation>席</translation>
    </message>
    <message>
        <source>player</source>
        <translation>プレイヤー</translation>
    </message>
    <message>
        <source>first hand</source>
        <translation>開始局</translation>
    </message>
    <message>
        <source>points</source>
        <translation>ポイント</translation>
    </message>
    <message>
        <source>penalties after uma</source>
        <translation>ウマの後の罰符</translation>
    </message>
    <message>
        <source>{name} change</source>
        <translation>{name} 増減</translation>
    </message>
    <message>
        <source>{name} score</source>
        <translation>{name} 持ち点</translation>
    </message>
    <message>
        <source>hand</source>
        <translation>番号</translation>
    </message>
    <message>
        <source>label</source>
        <translation>局</translation>
    </message>
    <message>
        <source>honba</source>
        <translation>本場</translation>
    </message>
    <message>
        <source>replay</source>
        <translation>やり直し</translation>
    </message>
    <message>
        <source>result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>winners</source>
        <translation>和了者</translation>
    </message>
    <message>
        <source>discarder</source>
        <translation>放銃者</translation>
    </message>
    <message>
        <source>han</source>
        <translation>翻</translation>
    </message>
    <message>
        <source>fu</source>
        <translation>符</translation>
    </message>
    <message>
        <source>yakuman</source>
        <translation>役満</translation>
    </message>
    <message>
        <source>limit</source>
        <translation>満貫以上の区分</translation>
    </message>
    <message>
        <source>classical value</source>
        <translation>点数 (クラシック)</translation>
    </message>
    <message>
        <source>pao</source>
        <translation>包</translation>
    </message>
    <message>
        <source>riichi</source>
        <translation>立直</translation>
    </message>
    <message>
        <source>tenpai</source>
        <translation>聴牌</translation>
    </message>
    <message>
        <source>abort</source>
        <translation>途中流局</translation>
    </message>
    <message>
        <source>chombo</source>
        <translation>チョンボ</translation>
    </message>
    <message>
        <source>chombo points</source>
        <translation>チョンボの点数</translation>
    </message>
    <message>
        <source>place</source>
        <translation>順位</translation>
    </message>
    <message>
        <source>score</source>
        <translation>持ち点</translation>
    </message>
    <message>
        <source>uma/oka</source>
        <translation>ウマ・オカ</translation>
    </message>
    <message>
        <source>penalties</source>
        <translation>罰符</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>East</source>
        <translation>東</translation>
    </message>
    <message>
        <source>South</source>
        <translation>南</translation>
    </message>
    <message>
        <source>West</source>
        <translation>西</translation>
    </message>
    <message>
        <source>North</source>
        <translation>北</translation>
    </message>
    <message>
        <source>Mangan</source>
        <translation>満貫</translation>
    </message>
    <message>
        <source>Haneman</source>
        <translation>跳満</translation>
    </message>
    <message>
        <source>Baiman</source>
        <translation>倍満</translation>
    </message>
    <message>
        <source>Sanbaiman</source>
        <translation>三倍満</translation>
    </message>
    <message>
        <source>mangan</source>
        <translation>満貫</translation>
    </message>
    <message>
        <source>haneman</source>
        <translation>跳満</translation>
    </message>
    <message>
        <source>baiman</source>
        <translation>倍満</translation>
    </message>
    <message>
        <source>sanbaiman</source>
        <translation>三倍満</translation>
    </message>
    <message>
        <source>ron</source>
        <translation>ロン</translation>
    </message>
    <message>
        <source>tsumo</source>
        <translation>ツモ</translation>
    </message>
    <message>
        <source>draw</source>
        <translation>流局</translation>
    </message>
    <message>
        <source>nagashi</source>
        <translation>流し満貫</translation>
    </message>
    <message>
        <source>kyuushu</source>
        <translation>九種九牌</translation>
    </message>
    <message>
        <source>suufon</source>
        <translation>四風連打</translation>
    </message>
    <message>
        <source>suucha riichi</source>
        <translation>四家立直</translation>
    </message>
    <message>
        <source>suukaikan</source>
        <translation>四開槓</translation>
    </message>
    <message>
        <source>sanchahou</source>
        <translation>三家和</translation>
    </message>
    <message>
        <source>suucha_riichi</source>
        <translation>四家立直</translation>
    </message>
    <message>
        <source>chombo in {hand}</source>
        <translation>{hand} のチョンボ</translation>
    </message>
    <message>
        <source>time limit</source>
        <translation>時間切れ</translation>
    </message>
    <message>
        <source>ended by the referee</source>
        <translation>審判による終了</translation>
    </message>
    <message>
        <source>too many tiles exposed</source>
        <translation>牌の露出が多すぎる</translation>
    </message>
    <message>
        <source>drew from the dead wall</source>
        <translation>王牌からのツモ</translation>
    </message>
    <message>
        <source>drew from an opponent's hand</source>
        <translation>他家の手牌からのツモ</translation>
    </message>
    <message>
        <source>invalid win shown</source>
        <translation>誤和了 (手牌を公開)</translation>
    </message>
    <message>
        <source>call or win with a dead hand</source>
        <translation>アガリ放棄後の鳴き・和了</translation>
    </message>
    <message>
        <source>riichi with a dead hand</source>
        <translation>アガリ放棄後のリーチ</translation>
    </message>
    <message>
        <source>riichi on a noten hand</source>
        <translation>ノーテンリーチ</translation>
    </message>
    <message>
        <source>invalid quad after riichi</source>
        <translation>リーチ後の不正な暗槓</translation>
    </message>
    <message>
        <source>discard from the hand after riichi</source>
        <translation>リーチ後の手出し</translation>
    </message>
    <message>
        <source>call for a set after riichi</source>
        <translation>リーチ後の鳴き</translation>
    </message>
    <message>
        <source>play cannot continue</source>
        <translation>続行不能</translation>
    </message>
</context>
</TS>
