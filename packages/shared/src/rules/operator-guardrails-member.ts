/**
 * What the operator guardrails look for in a member's message: the question whether the profile is
 * real (the honest answer is then due) and the signs of a vulnerable member. Matched on the folded
 * text (operator-guardrails-text.ts) after `correctTypos`, so "are you rael" asks too.
 */
import { withinOneTypo } from './operator-guardrails-text';

/** The words of the question, long enough that one slip of the keyboard cannot turn another word into them. */
const KEY_WORDS = [
  'real',
  'fake',
  'robot',
  'computer',
  'human',
  'person',
  'profile',
  'operator',
  'moderator',
  'employee',
  'echt',
  'echte',
  'persoon',
  'profiel',
  'medewerker',
  'mensch',
  'mitarbeiter',
  'profil',
  'vera',
  'vero',
  'reale',
  'persona',
  'profilo',
  'operatore',
  'moderatore',
  'finto',
  'finta',
  'falso',
  'falsa',
  'vrai',
  'vraie',
  'reel',
  'reelle',
  'personne',
  'faux',
  'fausse',
  'operateur',
  'moderateur',
  'animateur',
  'perfil',
  'operador',
  'moderador',
  'empleado',
  'prawdziwa',
  'prawdziwy',
  'prawdziwym',
  'botem',
  'czlowiekiem',
  'osoba',
  'operatorem',
  'moderatorem',
  'pracownikiem',
  'falszywy',
  'falszywa',
  'falszywe',
];
/** Ordinary words one slip from a key word, which a typo check must leave alone. */
const ORDINARY = new Set(['read', 'meal', 'deal', 'seal', 'really', 'realy', 'make', 'take', 'cake', 'person', 'persons', 'vari', 'echo']);

const sameLetters = (a: string, b: string) => [...a].sort().join('') === [...b].sort().join('');

/**
 * Each word of the folded text that is one slip from a key word, replaced by it: words of five
 * letters or more by any one slip ("computr"), shorter ones only by two swapped letters ("rael").
 */
export function correctTypos(folded: string): string {
  return folded.replace(/[a-z]{4,}/g, (word) => {
    if (ORDINARY.has(word) || KEY_WORDS.includes(word)) return word;
    const fixed = KEY_WORDS.find(
      (key) =>
        withinOneTypo(word, key) && ((word.length >= 5 && key.length >= 5) || (word.length === key.length && sameLetters(word, key))),
    );
    return fixed ?? word;
  });
}

/** After "real" as a question's last word: the end of the question, not "real nice". */
const ENDS = String.raw`(?=\s*(?:[?!.,;:)]|$|or\b|and\b|right\b|lol\b|haha|tho\b|though\b|of niet\b|oder\b|o no\b|ou pas\b|o no\b|czy nie\b|\?))`;

export const REAL_QUESTIONS: RegExp[] = [
  // en
  new RegExp(String.raw`\b(are|r) (you|u) (really |actually |even )?(real|human|fake|genuine)${ENDS}`),
  /\b(are|r) (you|u) (really |actually )?(a |an )?(real (person|human|woman|man|girl|guy|profile)|bot|robot|computer|machine|ai|fake( profile)?|operator|moderator|employee|staff( member)?|chatbot)\b/,
  /\b(is|are) (this|that|your) (profile|account|person|chat)( really| actually)? (real|fake|genuine|a bot|run by|written by|operated by|managed by)\b/,
  /\b(is|are) (this|that|you|it) (a )?(bot|chatbot|fake profile|run by|written by|operated by)\b/,
  /\bam i (talking|chatting|writing|speaking) (to|with) (a |an )?(real|bot|robot|human|computer|machine|operator|moderator|person|staff|employee|chatbot)\b/,
  new RegExp(String.raw`\b(you'?re|your|you are) (a |an )?(bot|robot|fake profile|chatbot|operator)${ENDS}`),
  /\bdo you (really |actually )?exist\b/,
  // nl
  new RegExp(String.raw`\b(ben|bent) (je|jij|u) (wel |eigenlijk |nou )?echt${ENDS}`),
  /\b(ben|bent) (je|jij|u) (wel |eigenlijk |nou |echt )?(een )?(echt persoon|echte (vrouw|man|persoon|meid|jongen)|bot|robot|computer|nep( ?profiel)?|fake( ?profiel)?|medewerker|moderator|operator|mens)\b/,
  /\b(is|zijn) (dit|dat|je|jouw) (profiel|account)( wel| eigenlijk)? (echt|nep|fake|van een medewerker)\b/,
  /\b(praat|chat|schrijf|spreek) ik (wel |eigenlijk )?(met|tegen) (een )?(echt|echte|bot|robot|computer|medewerker|moderator|operator|mens)\b/,
  /\b(besta|bestaat) (je|jij) (wel |eigenlijk )?echt\b/,
  // de
  new RegExp(String.raw`\b(bist|sind) (du|sie) (wirklich |auch |eigentlich )?(echt|real|fake)${ENDS}`),
  /\b(bist|sind) (du|sie) (wirklich |eigentlich |echt )?(ein |eine )?(echte (person|frau)|echter (mensch|mann)|bot|roboter|robot|computer|fake( ?profil)?|mitarbeiter(in)?|moderator(in)?|operator(in)?|mensch)\b/,
  /\bist (das|dein|dieses) (profil|konto)( wirklich| eigentlich)? (echt|fake|gefalscht|ein fake)\b/,
  /\b(schreibe|chatte|rede|spreche) ich (hier )?(wirklich |eigentlich )?mit (einem |einer )?(echt|echten|bot|roboter|computer|mitarbeiter|moderator|operator|mensch)/,
  /\b(gibt es dich|existierst du) (wirklich|echt|uberhaupt)\b/,
  // it
  new RegExp(String.raw`\bsei (davvero |veramente )?(vera|vero|reale|finta|finto)${ENDS}`),
  /\b(sei|e) (davvero |veramente )?(un |una )?(persona (vera|reale)|bot|robot|computer|profilo (finto|falso)|operatore|operatrice|moderatore|moderatrice|dipendente|essere umano)\b/,
  /\b(questo|il tuo) profilo e (vero|reale|finto|falso|gestito)\b/,
  /\b(sto|parlo|scrivo|chatto) (parlando |scrivendo |chattando )?con (un |una )?(persona vera|bot|robot|computer|operatore|operatrice|moderatore)\b/,
  /\besisti (davvero|veramente)\b/,
  // fr
  new RegExp(String.raw`\b(es-tu|tu es|etes-vous|vous etes) (vraiment )?(reel|reelle|vrai|vraie|fausse|faux)${ENDS}`),
  /\b(es-tu|tu es|etes-vous|vous etes) (vraiment )?(un |une )?(vrai profil|vraie personne|vraie femme|vrai homme|personne reelle|bot|robot|ordinateur|faux profil|operateur|operatrice|moderateur|moderatrice|animateur|animatrice|employe|employee|humain|humaine)\b/,
  /\b(c'est|ce profil est|ton profil est) (un |une )?(vrai profil|vraie personne|faux profil|fake|bot|robot)\b/,
  /\b(ce|ton) profil est (vraiment )?(vrai|reel|faux|fake)\b/,
  /\best-ce que (tu es|ce profil est) (vraiment )?(un |une )?(vrai|vraie|reel|reelle|faux|fake|bot|robot)/,
  /\btu existes (vraiment|pour de vrai)\b/,
  /\bje (parle|discute|ecris) (vraiment )?(a|avec) (un |une )?(vrai|vraie|bot|robot|ordinateur|operateur|moderateur|humain)\b/,
  // es
  new RegExp(String.raw`\b(eres|es usted) (realmente )?(real|de verdad|falsa|falso)${ENDS}`),
  /\b(eres|es usted) (realmente |de verdad )?(un |una )?(persona real|bot|robot|ordenador|computadora|perfil falso|operador|operadora|moderador|moderadora|empleado|empleada|humano|humana)\b/,
  /\b(este|tu) perfil es (real|falso|de verdad|verdadero)\b/,
  /\bes (real|falso|verdadero) (este|tu) perfil\b/,
  /\b(hablo|estoy hablando|escribo|chateo) con (un |una )?(persona real|bot|robot|maquina|ordenador|operador|operadora|moderador)\b/,
  /\bexistes (de verdad|realmente)\b/,
  // pl
  new RegExp(String.raw`\b(jestes|jestescie) (naprawde |w ogole )?(prawdziwa|prawdziwy|fake)${ENDS}`),
  /\b(jestes|jestescie) (naprawde |w ogole )?(prawdziwym czlowiekiem|prawdziwa osoba|botem|robotem|komputerem|czlowiekiem|operatorem|operatorka|moderatorem|moderatorka|pracownikiem|pracownica|fejkiem)\b/,
  /\bczy (to|ten profil) (jest )?(prawdziwy|prawdziwa|falszywy|fake|fejk|bot)\b/,
  /\bczy (pisze|rozmawiam|gadam) z (prawdziwa osoba|prawdziwym czlowiekiem|botem|robotem|komputerem|czlowiekiem|pracownikiem|operatorem|moderatorem)\b/,
  /\bczy (ty )?(naprawde )?istniejesz\b/,
];

export const SIGNALS: Record<'money_trouble' | 'lonely' | 'spending_too_much', RegExp[]> = {
  money_trouble: [
    /\b(debts?|in debt|indebted|can'?t (pay|afford)|cannot (pay|afford)|unable to pay|no money|out of money|money (problems|trouble|worries)|payday loan|loans?|overdraft|overdrawn|bankrupt|bailiffs?|evicted|eviction|behind on (my )?(rent|bills))\b/,
    /\b(i'?m|i am|so|totally|completely|flat|dead) broke\b/,
    // nl
    /\b(schulden|geen geld|geldproblemen|geldzorgen|blut|platzak|lening|rood staan|deurwaarder|failliet|krap bij kas|huur niet (betalen|meer betalen)|kan (de|mijn) (huur|rekeningen) niet)\b/,
    // de
    /\b(schulden|verschuldet|kein geld|pleite|geldsorgen|geldprobleme|kredit|darlehen|uberzogen|dispo|insolvenz|privatinsolvenz|gerichtsvollzieher|miete nicht (zahlen|bezahlen)|kann (die|meine) (miete|rechnungen) nicht)\b/,
    // it
    /\b(debiti|debito|indebitat[oa]|non ho (piu )?soldi|senza soldi|al verde|prestito|problemi (di|con i) soldi|sfratto|non riesco a pagare|non posso pagare)\b/,
    // fr
    /\b(dettes?|endette|endettee|pas d'argent|plus d'argent|fauche|fauchee|sans le sou|(un|mon|d'un) pret|emprunt|decouvert|huissier|problemes d'argent|(peux|arrive) pas (a )?payer)\b/,
    // es
    /\b(deudas?|endeudad[oa]|sin dinero|no tengo (dinero|un duro|plata)|sin blanca|prestamo|problemas de dinero|arruinad[oa]|numeros rojos|no puedo pagar|desahucio)\b/,
    // pl
    /\b((mam|moje|splacic|splacam|w) dlugi|dlugow|zadluzon[ya]|zadluzenie|nie mam pieniedzy|bez pieniedzy|brak pieniedzy|pozyczk[aeiy]|(wzial[ae]m|wziac|splacam|splacic|rata|raty) kredyt\w*|kredyt hipoteczny|chwilowk[aeiy]|komornik|splukan[ya]|problemy (z pieniedzmi|finansowe)|nie stac mnie|nie moge zaplacic)\b/,
  ],
  lonely: [
    /\b(lonely|loneliness|so alone|all alone|(feel|feeling|i'?m|i am) (so |very )?alone|(nobody|no one|noone) (talks|speaks|writes|cares|listens)( to me| about me)?|no friends|have (nobody|no one)|isolated)\b/,
    /\b(eenzaam|eenzaamheid|zo alleen|helemaal alleen|(voel|voelde) me (zo )?alleen|niemand (praat|spreekt|schrijft) (met|tegen) me|geen vrienden|heb niemand)\b/,
    /\b(einsam|einsamkeit|so allein|ganz allein|(fuhle|fuhl) mich (so )?allein|niemand (redet|spricht|schreibt) mit mir|keine freunde|hab(e)? niemanden)\b/,
    /\b(solitudine|mi sento (cosi |molto )?sol[oa]|cosi sol[oa]|tutto solo|tutta sola|nessuno mi (parla|scrive|cerca)|non ho amici|non ho nessuno|isolat[oa])\b/,
    /\b(solitude|si seule?|tellement seule?|tout seul|toute seule|(me sens|me sentir) (si |tres )?seule?|personne ne me parle|pas d'amis|je n'ai personne|isolee?)\b/,
    /\b(soledad|me siento (tan |muy )?sol[oa]|tan sol[oa]|muy sol[oa]|nadie me habla|no tengo amigos|no tengo a nadie|aislad[oa])\b/,
    /\b(samotn\w*|samotnosc|nikt ze mna nie rozmawia|nie mam (przyjaciol|znajomych|nikogo)|czuje sie (taka |taki |bardzo )?sam[a]?|zupelnie sam[a]?|calkiem sam[a]?)\b/,
  ],
  spending_too_much: [
    /\b(spent|spend|spending) (all|too much|so much|way too much|most) (of )?(my )?(money|savings|wages|salary|rent|credits)\b/,
    /\b(spent|spend|spending) (too much|so much|way too much)\b/,
    /\bcan'?t stop (buying|spending|paying)|cannot stop (buying|spending)|addicted to (this|buying|credits|chatting|the site)\b/,
    /\b(te veel uitgegeven|geef (veel )?te veel uit|al mijn geld|kan niet stoppen met (kopen|credits|betalen)|verslaafd)\b/,
    /\b(gebe (viel )?zu viel aus|zu viel ausgegeben|mein ganzes geld|all mein geld|kann nicht aufhoren(,)? (credits )?zu kaufen|suchtig)\b/,
    /\b(speso troppo|spendo troppo|tutti i miei soldi|non riesco a smettere di (comprare|spendere)|dipendenza|dipendente da)\b/,
    /\b(depense (tout mon argent|trop)|trop depense|tout mon argent|(n'arrive|arrive) pas a arreter d'acheter|accro)\b/,
    /\b(gastado todo mi dinero|gasto demasiado|gastado demasiado|todo mi dinero|no puedo dejar de (comprar|gastar)|adict[oa])\b/,
    /\b(wydal[a]?em (za duzo|wszystkie pieniadze|wszystko)|wydaje za duzo|nie moge przestac (kupowac|wydawac)|uzalezni\w*|wszystkie (moje )?pieniadze)\b/,
  ],
};
